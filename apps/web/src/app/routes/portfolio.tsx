import { PageHeader } from '../../components/ui/page-header';
import { PortfolioView } from '../../features/portfolio/components/portfolio-view';
import { portfolio } from '../../features/portfolio/portfolio-data';
import { usePageTitle } from '../../lib/use-page-title';

export function PortfolioRoute() {
  usePageTitle('Portfolio');
  return (
    <>
      <PageHeader title="Portfolio">
        <p>
          {portfolio.name}, {portfolio.role}
        </p>
      </PageHeader>
      <PortfolioView />
    </>
  );
}
