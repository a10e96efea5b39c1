import { errorPageMessages, messages } from '@shop/shared';
import { Link } from 'react-router';
import notFound from '../../assets/not-found.svg';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundRoute() {
  usePageTitle('Page not found');
  return (
    <section className="flex flex-col items-center gap-6 py-8 text-center">
      <img
        src={notFound}
        alt="An empty computer case under a magnifying glass"
        width={600}
        height={400}
        className="w-full max-w-md"
      />
      <h1 className="text-3xl font-extrabold sm:text-4xl">{messages.notFound}</h1>
      <Link to="/" className="btn btn-primary">
        {errorPageMessages.home}
      </Link>
    </section>
  );
}
