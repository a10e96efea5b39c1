import { useParams } from 'react-router';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/account/hooks/use-auth';
import { QuoteRequestForm } from '../../features/cart/components/quote-request-form';
import { QuoteList } from '../../features/quotes/components/quote-list';
import { QuotePage } from '../../features/quotes/components/quote-page';
import { useOrderDefaults } from '../../features/orders/hooks/use-order-defaults';
import { usePageTitle } from '../../lib/use-page-title';

/** /request-quote: 'Request a quote' for the products of the order list. */
export function QuoteRequestRoute() {
  usePageTitle('Request a quote');
  return (
    <section className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold">Request a quote</h1>
      <QuoteRequestForm />
    </section>
  );
}

/** /dashboard/quotes: the buyer's quotes (a company admin's: the company's too). */
export function MyQuotesRoute() {
  usePageTitle('My Quotes');
  return <QuoteList title="My Quotes" forAdmin={false} />;
}

/** /dashboard/manage-quotes: every quote, for shop admins. */
export function ManageQuotesRoute() {
  usePageTitle('Manage Quotes');
  return <QuoteList title="Manage Quotes" forAdmin />;
}

/** /dashboard/quotes/{quoteId}: one quote. */
export function QuoteRoute() {
  const { quoteId = '' } = useParams();
  const auth = useAuth();
  usePageTitle('Quote');
  // The accept form starts with the phone and address checkout would (defect 27).
  const prefill = useOrderDefaults(auth.user);
  if (auth.status !== 'signed-in') return <Spinner label="Checking your account" />;
  return (
    <QuotePage
      key={quoteId}
      quoteId={quoteId}
      prefill={prefill}
      viewer={{
        displayName: auth.user.displayName,
        email: auth.user.email,
        role: auth.user.role,
      }}
    />
  );
}
