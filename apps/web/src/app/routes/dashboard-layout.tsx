import { accountPageMessages, companyMenuLabels, searchSynonymMessages } from '@shop/shared';
import { matchPath, NavLink, Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { useMyMembership } from '../../features/companies/api/get-my-company';
import { MyOrders } from '../../features/orders/components/my-orders';
import { usePageTitle } from '../../lib/use-page-title';
import { paths } from '../../config/paths';

/** An order's own page sits under the list it was opened from. */
const ORDER_PAGES = paths.dashboard.order.pattern;
/** A quote's page too. */
const QUOTE_PAGES = paths.dashboard.quote.pattern;

interface MenuLink {
  to: string;
  label: string;
  end: boolean;
  also?: string;
}

const myOrderLink = {
  to: paths.dashboard.root.to(),
  label: 'My Order',
  end: true,
  also: ORDER_PAGES,
};
/** A customer's quote requests and offers (DESIGN.md section 14). */
const myQuotesLink = {
  to: paths.dashboard.quotes.to(),
  label: 'My Quotes',
  end: true,
  also: QUOTE_PAGES,
};
const companyOrdersLink = {
  to: paths.dashboard.companyOrders.to(),
  label: companyMenuLabels.companyOrders,
  end: false,
};
const approvalsLink = {
  to: paths.dashboard.approvals.to(),
  label: companyMenuLabels.approvals,
  end: false,
};
/** A company's open invoices, balance and available credit (paying on account, issue 24). */
const statementLink = {
  to: paths.dashboard.statement.to(),
  label: accountPageMessages.statementMenu,
  end: false,
};
const companyLink = {
  to: paths.dashboard.company.to(),
  label: companyMenuLabels.company,
  end: false,
};
const reviewLink = { to: paths.dashboard.review.to(), label: 'My Review', end: false };

/**
 * A customer's menu: My Quotes after My Order, Company orders beside My Order for a company member, Approvals for a
 * company admin, the company's Statement for a member, My Company for every customer (to create
 * one, or to see theirs).
 */
function customerLinks(membership: { inCompany: boolean; mayApprove: boolean }): MenuLink[] {
  return [
    myOrderLink,
    myQuotesLink,
    ...(membership.inCompany ? [companyOrdersLink] : []),
    ...(membership.mayApprove ? [approvalsLink] : []),
    ...(membership.inCompany ? [statementLink] : []),
    companyLink,
    reviewLink,
  ];
}
const everyoneLinks = [{ to: paths.dashboard.profile.to(), label: 'My Profile', end: false }];
const adminLinks = [
  { to: paths.dashboard.manageProducts.to(), label: 'Manage Product', end: false },
  { to: paths.dashboard.manageOrders.to(), label: 'Manage Order', end: false, also: ORDER_PAGES },
  { to: paths.dashboard.manageQuotes.to(), label: 'Manage Quotes', end: false, also: QUOTE_PAGES },
  { to: paths.dashboard.users.to(), label: 'Manage Users', end: false },
  {
    to: paths.dashboard.manageCompanies.to(),
    label: companyMenuLabels.manageCompanies,
    end: false,
  },
  { to: paths.dashboard.addProduct.to(), label: 'Add Product', end: false },
  { to: paths.dashboard.reviews.to(), label: 'Manage Reviews', end: false },
  { to: paths.dashboard.searchSynonyms.to(), label: searchSynonymMessages.menuLabel, end: false },
];

/** The dashboard: a side menu by role (a row of tabs on a phone) beside the nested page. */
export function DashboardLayout() {
  const auth = useAuth();
  const { pathname } = useLocation();
  const isAdmin = auth.status === 'signed-in' && auth.user.role === 'admin';
  const membership = useMyMembership(auth.user?.email, auth.status === 'signed-in' && !isAdmin);
  if (auth.status !== 'signed-in') return <Spinner label="Loading your dashboard" />;
  const links: MenuLink[] = isAdmin
    ? [...everyoneLinks, ...adminLinks]
    : [
        ...customerLinks({
          inCompany: Boolean(membership.company),
          mayApprove: membership.mayApprove,
        }),
        ...everyoneLinks,
      ];

  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      {/* Labelled: the footer has an aside of its own (axe landmark-unique, issue 22 defect 31). */}
      <aside aria-label="Dashboard menu" className="lg:w-60 lg:shrink-0">
        <nav aria-label="Dashboard" className="bg-base-100 border-base-300 rounded-box border p-2">
          <p className="text-base-content/70 px-4 pt-2 pb-1 text-xs font-semibold uppercase">
            {isAdmin ? 'Admin dashboard' : 'My dashboard'}
          </p>
          <ul className="menu menu-horizontal lg:menu-vertical w-full flex-wrap gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    isActive || (link.also && matchPath(link.also, pathname))
                      ? 'menu-active font-semibold'
                      : undefined
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 grow">
        <Outlet />
      </div>
    </div>
  );
}

/** /dashboard itself: My Order for customers; admins have no orders of their own. */
export function DashboardIndex() {
  const auth = useAuth();
  const isAdmin = auth.status === 'signed-in' && auth.user.role === 'admin';
  usePageTitle(isAdmin ? 'Dashboard' : 'My Order');
  if (auth.status !== 'signed-in') return <Spinner label="Loading your dashboard" />;
  if (isAdmin) return <AdminWelcome name={auth.user.displayName} />;
  return <MyOrders email={auth.user.email} />;
}

function AdminWelcome({ name }: { name: string }) {
  return (
    <section className="card bg-base-100 border-base-300 border">
      <div className="card-body">
        <h1 className="card-title text-2xl">Welcome, {name}</h1>
        <p className="text-base-content/80">
          Pick a task in the menu: the catalog, the orders or the users of the shop.
        </p>
      </div>
    </section>
  );
}
