import { confirmMessages, messages, type User } from '@shop/shared';
import toast from 'react-hot-toast';
import { confirmAction } from '../../../components/ui/confirm';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { QueryState } from '../../../components/ui/query-state';
import { ShortId } from '../../../components/ui/short-id';
import { useSetRole, useUsers } from '../api/users';

const COLUMNS = ['Name', 'Email', 'UserID', 'Action'] as const;

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

/** Manage Users: every user, promoted to admin or demoted to a regular user after a confirmation. */
export function ManageUsers({ me }: { me: User }) {
  const users = useUsers();
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
      <QueryState query={users} what="users" isEmpty={(list) => list.length === 0}>
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
      </QueryState>
    </section>
  );
}
