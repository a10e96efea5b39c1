import {
  ADMIN_PAGE_SIZE,
  adminListNouns,
  adminUserListQuerySchema,
  confirmMessages,
  messages,
  type User,
} from '@shop/shared';
import toast from 'react-hot-toast';
import { confirmAction } from '../../../components/ui/confirm';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { ExportButton } from '../../../components/ui/export-button';
import { PagedList } from '../../../components/ui/paged-list';
import { ShortId } from '../../../components/ui/short-id';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { getUsers, useUsers } from '../api/get-users';
import { useSetRole } from '../api/set-role';
import { userCsvColumns } from '../user-csv';

const COLUMNS = ['Name', 'Email', 'UserID', 'Action'] as const;
const noun = adminListNouns.users;
const listParams = adminUserListQuerySchema.pick({ q: true, page: true });

/** The confirmation before a role change, naming the user by name and email. */
function confirmRoleChange(user: User, role: 'admin' | 'user'): Promise<boolean> {
  return confirmAction(
    role === 'admin'
      ? {
          title: confirmMessages.makeAdminTitle,
          text: confirmMessages.makeAdminText(user.displayName, user.email),
          confirmText: confirmMessages.makeAdminConfirm,
        }
      : {
          title: confirmMessages.removeAdminTitle,
          text: confirmMessages.removeAdminText(user.displayName, user.email),
          confirmText: confirmMessages.removeAdminConfirm,
          tone: 'danger',
        },
  );
}

/**
 * Manage Users: every user, searched and paged (kept in the address) and exported as CSV,
 * promoted to admin or demoted to a regular user after a confirmation.
 */
export function ManageUsers({ me }: { me: User }) {
  const [{ q, page = 1 }, update] = useListParams(listParams);
  const users = useUsers({ q, page, limit: ADMIN_PAGE_SIZE });
  const setRole = useSetRole();

  const change = async (user: User, role: 'admin' | 'user') => {
    if (!(await confirmRoleChange(user, role))) return;
    try {
      const { modifiedCount } = await setRole.mutateAsync({ email: user.email, role });
      if (!modifiedCount) {
        toast.error(messages.noPermission);
        return;
      }
      toast.success(
        role === 'admin'
          ? `${user.displayName} is now an admin.`
          : `${user.displayName} is now a regular user.`,
      );
    } catch {
      // The app's error toast says why (lib/query-client.ts).
    }
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Users</h1>
      <PagedList
        noun={noun}
        query={users}
        q={q}
        {...pagedListHandlers(update)}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        actions={
          <ExportButton
            noun={noun}
            columns={userCsvColumns}
            fetchPage={(at, limit) => getUsers({ q, page: at, limit })}
          />
        }
      >
        {(list) => (
          <DataTable label="Users" columns={COLUMNS}>
            <tbody>
              {list.map((user) => {
                const isMe = user.email === me.email;
                const whyId = `cannot-demote-${user._id}`;
                return (
                  <tr key={user._id}>
                    <RowHeader label="Name">
                      {user.displayName}
                      {user.role === 'admin' && (
                        <span className="badge badge-primary badge-sm ml-2">Admin</span>
                      )}
                    </RowHeader>
                    <Cell label="Email" className="wrap-anywhere">
                      {user.email}
                    </Cell>
                    <Cell label="UserID">
                      <ShortId id={user._id} what="user ID" />
                    </Cell>
                    <Cell label="Action">
                      {user.role === 'admin' ? (
                        <>
                          <button
                            type="button"
                            className="btn btn-sm btn-outline"
                            disabled={isMe || setRole.isPending}
                            aria-describedby={isMe ? whyId : undefined}
                            aria-label={`Remove Admin: ${user.displayName}`}
                            onClick={() => void change(user, 'user')}
                          >
                            Remove Admin
                          </button>
                          {isMe && (
                            // Said in words, not in a tooltip: a disabled button gets no hover
                            // on a touch screen and no focus from the keyboard.
                            <p id={whyId} className="text-base-content/80 mt-1 max-w-48 text-xs">
                              {messages.cannotDemoteSelf}
                            </p>
                          )}
                        </>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={setRole.isPending}
                          aria-label={`Make Admin: ${user.displayName}`}
                          onClick={() => void change(user, 'admin')}
                        >
                          Make Admin
                        </button>
                      )}
                    </Cell>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </section>
  );
}
