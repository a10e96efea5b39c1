import { quickOrderMessages } from '@shop/shared';
import { QuickOrder } from '../../features/cart/components/quick-order';
import { usePageTitle } from '../../lib/use-page-title';

/** /quick-order: order by SKU from typed or pasted lines or a CSV file (no sign-in needed). */
export function QuickOrderRoute() {
  usePageTitle(quickOrderMessages.title);
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-bold">{quickOrderMessages.title}</h1>
      <QuickOrder />
    </section>
  );
}
