import {
  ADMIN_PAGE_SIZE,
  adminListMessages,
  formatDocumentDate,
  formatPrice,
  formatQuantity,
  QUOTE_STATUSES,
  quoteListQuerySchema,
  quoteMessages,
  quoteStatusWords,
} from '@shop/shared';
import { Link } from 'react-router';
import { Cell, DataTable, RowHeader } from '../../../components/ui/data-table';
import { PagedList } from '../../../components/ui/paged-list';
import { SelectField } from '../../../components/ui/select-field';
import { paths } from '../../../config/paths';
import { pagedListHandlers, useListParams } from '../../../lib/use-list-params';
import { useQuotes } from '../api/get-quotes';
import { QuoteStatusBadge } from './quote-status';

const noun = { one: 'quote', many: 'quotes' };
const listParams = quoteListQuerySchema.pick({ q: true, status: true, page: true });
const statusOptions = [
  { value: '', label: adminListMessages.allStatuses },
  ...QUOTE_STATUSES.map((status) => ({ value: status, label: quoteStatusWords[status] })),
];

/**
 * A list of quotes, searched, filtered by status and paged in the address: the buyer's own (and
 * their company's for a company admin) at /dashboard/quotes, every quote in Manage Quotes.
 */
export function QuoteList({ title, forAdmin }: { title: string; forAdmin: boolean }) {
  const [{ q, status, page = 1 }, setParams] = useListParams(listParams);
  const quotes = useQuotes({ q, status, page, limit: ADMIN_PAGE_SIZE });
  const columns = [
    'Quote',
    'Date',
    ...(forAdmin ? ['Customer'] : []),
    'Products',
    'Status',
    'Offer',
    'Action',
  ];
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{title}</h1>
      <PagedList
        noun={noun}
        query={quotes}
        q={q}
        {...pagedListHandlers(setParams, ['q', 'status'])}
        page={page}
        pageSize={ADMIN_PAGE_SIZE}
        filterWord={status && quoteStatusWords[status].toLowerCase()}
        filters={
          <div className="w-40">
            <SelectField
              label={adminListMessages.statusLabel}
              options={statusOptions}
              value={status ?? ''}
              onChange={(event) => setParams({ status: event.target.value })}
            />
          </div>
        }
      >
        {(list) =>
          list.length === 0 && !q && !status ? (
            <p className="bg-base-100 border-base-300 rounded-box border p-6">
              {quoteMessages.noQuotes}
            </p>
          ) : (
            <DataTable label={title} columns={columns} stickyLast>
              <tbody>
                {list.map((quote) => (
                  <tr key={quote._id}>
                    <RowHeader label="Quote" className="whitespace-nowrap">
                      {quote.reference}
                    </RowHeader>
                    <Cell label="Date">{formatDocumentDate(quote.createdAt)}</Cell>
                    {forAdmin && (
                      <Cell label="Customer">
                        {quote.userName}
                        <span className="text-base-content/80 block text-sm wrap-anywhere">
                          {quote.userEmail}
                        </span>
                      </Cell>
                    )}
                    <Cell label="Products">
                      {quote.lines
                        .map((line) => `${line.productName} × ${formatQuantity(line.quantity)}`)
                        .join(', ')}
                    </Cell>
                    <Cell label="Status">
                      <QuoteStatusBadge status={quote.status} />
                    </Cell>
                    <Cell label="Offer">{quote.offer ? formatPrice(quote.offer.total) : '—'}</Cell>
                    <Cell label="Action">
                      <Link
                        to={paths.dashboard.quote.to(quote._id)}
                        className="btn btn-sm btn-outline"
                        aria-label={`View quote ${quote.reference}`}
                      >
                        View
                      </Link>
                    </Cell>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )
        }
      </PagedList>
    </section>
  );
}
