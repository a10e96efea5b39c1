import { errorPageMessages, messages, NOT_FOUND_TITLE, PRIVATE_ROBOTS } from '@shop/shared';
import { Link } from 'react-router';
import notFound from '../../assets/not-found.svg';
import { fullTitle } from '../../lib/use-page-title';
import { paths } from '../../config/paths';

/**
 * The not-found page: for an address the router does not know (app/routes/not-found.tsx), and
 * from QueryState when what a page asks the API for is not there (a 404).
 */
export function NotFoundPage() {
  return (
    <section className="flex flex-col items-center gap-6 py-8 text-center">
      {/* In the 404's HTML too (the server draws it): React 19 puts these in the head. */}
      <title>{fullTitle(NOT_FOUND_TITLE)}</title>
      <meta name="robots" content={PRIVATE_ROBOTS} />
      <img
        src={notFound}
        alt="An empty computer case under a magnifying glass"
        width={600}
        height={400}
        className="w-full max-w-md"
      />
      <h1 className="text-3xl font-extrabold sm:text-4xl">{messages.notFound}</h1>
      <Link to={paths.home.to()} className="btn btn-primary">
        {errorPageMessages.home}
      </Link>
    </section>
  );
}
