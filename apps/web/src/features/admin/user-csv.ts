import { adminCsvColumns, type User } from '@shop/shared';
import { csvColumns } from '../../lib/csv';

/** Manage Users' export: the columns on screen, with the role the Action column acts on. */
export const userCsvColumns = csvColumns<User, keyof typeof adminCsvColumns.users>(
  adminCsvColumns.users,
  {
    id: (user) => user._id,
    name: (user) => user.displayName,
    email: (user) => user.email,
    role: (user) => user.role,
  },
);
