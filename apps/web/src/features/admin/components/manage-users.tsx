import { messages, type User } from '@shop/shared';
import toast from 'react-hot-toast';
import { QueryState } from '../../../components/ui/query-state';
import { TableRegion } from '../../../components/ui/table-region';
import { useSetRole, useUsers } from '../api/users';

/** Manage Users: every user, promoted to admin or demoted to a regular user. */
export function ManageUsers({ me }: { me: User }) {
  const users = useUsers();
  const setRole = useSetRole();

  // A refused change says the spec's permission message, a rule of ours (the last admin) its
  // own words, and a network failure that it failed: the app's error toast says each.
  const change = (user: User, role: 'admin' | 'user') => {
    setRole.mutate(
      { email: user.email, role },
      {
        onSuccess: ({ modifiedCount }) => {
          if (!modifiedCount) {
            toast.error(messages.noPermission);
            return;
          }
          toast.success(
            role === 'admin'
              ? `${user.displayName} is now an admin.`
              : `${user.displayName} is now a regular user.`,
          );
        },
      },
    );
  };

  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">Manage Users</h1>
      <QueryState query={users} what="users" isEmpty={(list) => list.length === 0}>
        {(list) => (
          <TableRegion label="Users">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="hidden md:table-cell">
                  Email
                </th>
                <th scope="col" className="hidden md:table-cell">
                  UserID
                </th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => {
                const isMe = user.email === me.email;
                return (
                  <tr key={user._id}>
                    <th scope="row" className="font-medium">
                      {user.displayName}
                      {user.role === 'admin' && (
                        <span className="badge badge-primary badge-sm ml-2">Admin</span>
                      )}
                      {/* On a phone the email sits under the name, so the action stays in view. */}
                      <span className="text-base-content/70 block text-sm font-normal break-all md:hidden">
                        {user.email}
                      </span>
                    </th>
                    <td className="hidden md:table-cell">{user.email}</td>
                    <td className="hidden font-mono text-xs md:table-cell">{user._id}</td>
                    <td>
                      {user.role === 'admin' ? (
                        <button
                          type="button"
                          className="btn btn-sm btn-outline"
                          disabled={isMe || setRole.isPending}
                          title={isMe ? messages.cannotDemoteSelf : undefined}
                          aria-label={`Remove Admin: ${user.displayName}`}
                          onClick={() => change(user, 'user')}
                        >
                          Remove Admin
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="btn btn-sm btn-primary"
                          disabled={setRole.isPending}
                          aria-label={`Make Admin: ${user.displayName}`}
                          onClick={() => change(user, 'admin')}
                        >
                          Make Admin
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </TableRegion>
        )}
      </QueryState>
    </section>
  );
}
