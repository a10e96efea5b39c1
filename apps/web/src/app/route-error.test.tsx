import { errorPageMessages, messages } from '@shop/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { RootErrorBoundary } from './route-error';
import { appRoutes } from './router';

// Pages that fail while drawing, in place of two real ones (no route exists only for tests).
const failure = vi.hoisted(() => ({ blogs: true }));
vi.mock('./routes/blogs', () => ({
  BlogsRoute: () => {
    if (failure.blogs) throw new Error('The blog broke');
    return <h1>Blogs drawn</h1>;
  },
}));
vi.mock('./routes/portfolio', () => ({
  PortfolioRoute: () => {
    throw new Response(null, { status: 404 });
  },
}));

function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => {
  failure.blogs = true;
  // React and the router report the caught error on the console; the test expects it.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  // The layout's scroll restoration; jsdom does not scroll.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the route error boundary', () => {
  it("shows the shop's error page inside the layout when a page fails to draw", async () => {
    renderApp('/blogs');
    expect(
      await screen.findByRole('heading', { level: 1, name: errorPageMessages.title }),
    ).toBeInTheDocument();
    expect(screen.getByText(errorPageMessages.apology)).toBeInTheDocument();
    const home = screen.getByRole('link', { name: errorPageMessages.home });
    expect(home).toHaveAttribute('href', '/');
    // The layout stays: the navbar still leads elsewhere.
    const nav = screen.getAllByRole('navigation')[0];
    expect(nav).toBeDefined();
    expect(within(nav!).getAllByRole('link', { name: 'Products' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('main')).toContainElement(home);
  });

  it("draws the page again on 'Try again'", async () => {
    renderApp('/blogs');
    const retry = await screen.findByRole('button', { name: errorPageMessages.tryAgain });
    failure.blogs = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Blogs drawn' })).toBeInTheDocument();
    expect(screen.queryByText(errorPageMessages.title)).toBeNull();
  });

  it('leaves the failed page through the navbar', async () => {
    renderApp('/blogs');
    await screen.findByRole('heading', { name: errorPageMessages.title });
    await userEvent.click(screen.getAllByRole('link', { name: 'Portfolio' })[0]!);
    // A 404 a page throws is the not-found page, still inside the layout.
    expect(await screen.findByRole('heading', { name: messages.notFound })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('shows the error page without the layout when the layout itself fails', async () => {
    const router = createMemoryRouter([
      {
        path: '/',
        Component: () => {
          throw new Error('The layout broke');
        },
        ErrorBoundary: RootErrorBoundary,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: errorPageMessages.title }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: errorPageMessages.tryAgain })).toBeEnabled();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
