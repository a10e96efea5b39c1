import { portfolioPageMeta } from '@shop/shared';
import { PageMeta } from '../../components/layout/page-meta';
import { PageHeader } from '../../components/ui/page-header';
import { paths } from '../../config/paths';
import { PortfolioView } from '../../features/portfolio/components/portfolio-view';
import { portfolio } from '../../features/portfolio/portfolio-data';

export function PortfolioRoute() {
  const { title, description } = portfolioPageMeta;
  return (
    <>
      <PageMeta title={title} description={description} canonicalPath={paths.portfolio.to()} />
      <PageHeader title={title}>
        <p>
          {portfolio.name}, {portfolio.role}
        </p>
      </PageHeader>
      <PortfolioView />
    </>
  );
}
