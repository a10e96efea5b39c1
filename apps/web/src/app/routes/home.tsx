import { homePageMeta, SHOWCASE_SIZE } from '@shop/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../features/account/hooks/use-auth';
import { AddToOrderListSlot } from '../../features/cart/components/add-to-order-list-slot';
import { ProductsSection } from '../../features/catalog/components/products-section';
import { HeroCarousel } from '../../features/home/components/hero-carousel';
import { LatestReviewsSection } from '../../features/reviews/components/latest-reviews-section';
import { PageMeta } from '../../components/layout/page-meta';
import { paths } from '../../config/paths';

/*
 * The sections below the products (the facts, the company's text and profile) load after the
 * page's own code: the home page's first JavaScript stays within its budget (docs/performance.md)
 * and what the first screen shows is not delayed by what is further down. One chunk holds all three.
 */
const StatsBlock = lazy(() =>
  import('../../features/home/components/below-the-fold').then((module) => ({
    default: module.StatsBlock,
  })),
);
const CompanyIntro = lazy(() =>
  import('../../features/home/components/below-the-fold').then((module) => ({
    default: module.CompanyIntro,
  })),
);
const CompanyProfile = lazy(() =>
  import('../../features/home/components/below-the-fold').then((module) => ({
    default: module.CompanyProfile,
  })),
);

export function HomeRoute() {
  const auth = useAuth();
  const isAdmin = auth.status === 'signed-in' && auth.user.role === 'admin';
  return (
    <div className="space-y-16">
      <PageMeta
        title={homePageMeta.title}
        description={homePageMeta.description}
        canonicalPath={paths.home.to()}
      />
      <HeroCarousel />
      <section aria-labelledby="tools-heading" className="space-y-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="tools-heading" className="text-3xl font-bold">
            Our Tools
          </h2>
          <Link to={paths.products.to()} className="link link-primary font-semibold">
            See all products
          </Link>
        </div>
        <ProductsSection
          limit={SHOWCASE_SIZE}
          addToList={(product) => <AddToOrderListSlot product={product} />}
        />
      </section>
      <Suspense fallback={null}>
        <StatsBlock />
      </Suspense>
      <section aria-labelledby="reviews-heading" className="space-y-6">
        <h2 id="reviews-heading" className="text-center text-3xl font-bold">
          Customer Review
        </h2>
        <LatestReviewsSection canDelete={isAdmin} />
      </section>
      <Suspense fallback={null}>
        <CompanyIntro />
        <CompanyProfile />
      </Suspense>
    </div>
  );
}
