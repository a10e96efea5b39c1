import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { endSignInOnRefusedToken, Providers } from './app/providers';
import { appRoutes, createAppRouter, loadRoutesOf } from './app/router';
import { readServerPage, restoreQueries } from './app/server-page';
import { createQueryClient } from './lib/query-client';
import { setSiteOrigin } from './lib/site-origin';
import { keepZodWithinCsp } from './lib/zod-jitless';
import './index.css';

keepZodWithinCsp();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
endSignInOnRefusedToken(queryClient);
// A public page comes drawn by the server with its data (DESIGN.md section 15): the browser
// takes that markup over (hydrates it) with the same data, the same address in its tags and its
// route's code loaded first, so the first render draws exactly what is on screen.
const serverPage = readServerPage();
const routes = appRoutes(queryClient);

/** Takes the server's page over (`hydrate`), or draws the page afresh. */
function start(hydrate: boolean) {
  const router = createAppRouter(queryClient, routes, hydrate ? serverPage?.hydration : undefined);
  const app = (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // blocking input for as long as it takes to build the page.
  startTransition(() => {
    if (hydrate) hydrateRoot(root as HTMLElement, app);
    else createRoot(root as HTMLElement).render(app);
  });
}

if (serverPage) {
  setSiteOrigin(serverPage.origin);
  restoreQueries(queryClient, serverPage);
  // A page whose code did not arrive is drawn afresh: the router shows the shop's error page.
  void loadRoutesOf(routes, window.location.pathname).then(
    () => start(true),
    () => start(false),
  );
} else {
  start(false);
}
