import {
  ADMIN_PAGE_SIZE,
  companyListNouns,
  formatPrice,
  companyListQuerySchema,
  manageCompaniesMessages as text,
} from '@shop/shared';
import { Link } from 'react-router';
import { Cell, DataTable, NoValue, RowHeader } from '../../../components/ui/data-table';
import { PagedList } from '../../../components/ui/paged-list';
import { paths } from '../../../config/paths';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useCompanies } from '../api/get-companies';
import { ShortDate } from './company-details';

const { columns } = text;
const COLUMNS = [
  columns.name,
  columns.vatId,
  columns.members,
  columns.terms,
  columns.balance,
  columns.hold,
  columns.created,
  columns.action,
];
const noun = companyListNouns.companies;
const listParams = companyListQuerySchema.pick({ q: true, page: true });

/**
 * Manage Companies (shop admins): every company, found by name, VAT ID or a member's email and
 * paged (kept in the address), with its terms, balance and hold (ux 2026-11-28 #28), each opened
 * on its own page with its members and orders.
 */
export function ManageCompanies() {
  const [{ q, page = 1 }, update] = useListParams(listParams);
  const companies = useCompanies({ q, page, limit: ADMIN_PAGE_SIZE });
  return (
    <PagedList
      noun={noun}
      query={companies}
      q={q}
      {...pagedListHandlers(update)}
      page={page}
      pageSize={ADMIN_PAGE_SIZE}
      searchHint={text.searchHint}
    >
      {(list) => (
        <DataTable label={text.label} columns={COLUMNS}>
          <tbody>
            {list.map((company) => (
              <tr key={company._id}>
                <RowHeader label={columns.name} className="wrap-anywhere">
                  <Link
                    to={paths.dashboard.adminCompany.to(company._id)}
                    className="link link-primary inline-block py-0.5"
                  >
                    {company.name}
                  </Link>
                </RowHeader>
                <Cell label={columns.vatId}>{company.vatId ?? <NoValue />}</Cell>
                <Cell label={columns.members}>{company.memberCount}</Cell>
                <Cell label={columns.terms}>
                  {company.terms
                    ? text.termsValue(company.terms.days, formatPrice(company.terms.creditLimit))
                    : text.noTerms}
                </Cell>
                <Cell label={columns.balance}>{formatPrice(company.balance)}</Cell>
                <Cell label={columns.hold}>
                  {company.onHold ? (
                    <span className="badge badge-warning h-auto border-transparent font-semibold">
                      {company.hold?.by === 'overdue' ? text.heldOverdue : text.heldByShop}
                    </span>
                  ) : (
                    text.notOnHold
                  )}
                </Cell>
                <Cell label={columns.created}>
                  <ShortDate iso={company.createdAt} />
                </Cell>
                <Cell label={columns.action}>
                  <Link
                    to={paths.dashboard.adminCompany.to(company._id)}
                    className="btn btn-sm btn-outline"
                    aria-label={text.openLabel(company.name)}
                  >
                    {text.open}
                  </Link>
                </Cell>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </PagedList>
  );
}
