import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFocusHeading, useFocusHeadingOnNavigation } from './use-focus-heading';

function Layout() {
  const main = useRef<HTMLElement>(null);
  useFocusHeadingOnNavigation(main);
  return (
    <>
      <nav>
        <Link to="/">Home</Link>
        <Link to="/one">One</Link>
        <Link to="/slow">Slow</Link>
        <Link to="/field">Field</Link>
        <Link to="/one?page=2">One, page 2</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes after its data, like one behind a spinner. */
function Slow() {
  const [ready, setReady] = useState(false);
  return ready ? (
    <h1>Slow page</h1>
  ) : (
    <button type="button" onClick={() => setReady(true)}>
      Finish loading
    </button>
  );
}

function One() {
  const [params] = useSearchParams();
  return <h1>Page one {params.get('page')}</h1>;
}

const renderApp = (start = '/') => {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <h1>Home page</h1> },
          { path: 'one', Component: One },
          { path: 'slow', Component: Slow },
          {
            path: 'field',
            element: (
              <>
                <h1>Field page</h1>
                <label>
                  Search
                  <input autoFocus />
                </label>
              </>
            ),
          },
          {
            path: 'marked',
            element: (
              <>
                <h1>Marked page</h1>
                <h2 data-page-heading>The part that counts</h2>
              </>
            ),
          },
        ],
      },
    ],
    { initialEntries: [start] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('useFocusHeadingOnNavigation', () => {
  afterEach(() => vi.useRealTimers());

  it('leaves focus alone on the first load', async () => {
    renderApp('/one');
    await screen.findByRole('heading', { name: /Page one/ });
    expect(document.body).toHaveFocus();
  });

  it('focuses the new page heading after following a link, outside the tab order', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'One' }));
    const heading = await screen.findByRole('heading', { name: /Page one/ });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('link', { name: 'Home' }));
    expect(screen.getByRole('heading', { name: 'Home page' })).toHaveFocus();
  });

  it('treats a redirect before any key or pointer press as part of the first load', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Home page' });
    await act(() => router.navigate('/one', { replace: true }));
    expect(screen.getByRole('heading', { name: /Page one/ })).not.toHaveFocus();

    fireEvent.keyDown(document.body, { key: 'Enter' });
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'Home page' })).toHaveFocus();
  });

  it('prefers a heading marked data-page-heading to the first h1', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'Home page' });
    fireEvent.pointerDown(document.body);
    await act(() => router.navigate('/marked'));
    expect(screen.getByRole('heading', { name: 'The part that counts' })).toHaveFocus();
  });

  it('waits for a heading drawn after the page', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'Slow' }));
    const finish = screen.getByRole('button', { name: 'Finish loading' });
    // The page is still loading: nothing to announce yet, and the link keeps focus.
    expect(screen.getByRole('link', { name: 'Slow' })).toHaveFocus();
    // The observer that sees the heading runs as a microtask: let it.
    await act(async () => finish.click());
    expect(screen.getByRole('heading', { name: 'Slow page' })).toHaveFocus();
  });

  it('does not take focus back once the user has moved it while the page loads', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'Slow' }));
    await user.tab();
    const moved = document.activeElement;
    expect(moved).toHaveAccessibleName('Field');
    await act(async () => screen.getByRole('button', { name: 'Finish loading' }).click());
    expect(moved).toHaveFocus();
  });

  it('does not steal focus from a field the page focuses itself', async () => {
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole('link', { name: 'Field' }));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });

  it('keeps focus where it is when only the query changes', async () => {
    const user = userEvent.setup();
    renderApp('/one');
    await user.click(await screen.findByRole('link', { name: 'One, page 2' }));
    expect(await screen.findByRole('heading', { name: 'Page one 2' })).not.toHaveFocus();
    expect(screen.getByRole('link', { name: 'One, page 2' })).toHaveFocus();
  });

  it('gives up waiting for a heading that never comes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const router = renderApp();
    fireEvent.pointerDown(document.body);
    await act(() => router.navigate('/slow'));
    act(() => vi.advanceTimersByTime(10_000));
    await act(async () => screen.getByRole('button', { name: 'Finish loading' }).click());
    expect(screen.getByRole('heading', { name: 'Slow page' })).not.toHaveFocus();
  });
});

function Paid() {
  const [paid, setPaid] = useState(false);
  const heading = useFocusHeading<HTMLHeadingElement>(paid);
  return (
    <>
      <h2 ref={heading}>{paid ? 'Payment completed' : 'Card payment'}</h2>
      <button type="button" onClick={() => setPaid(true)}>
        Pay
      </button>
    </>
  );
}

describe('useFocusHeading', () => {
  it('focuses its heading once the condition holds, not before', async () => {
    const user = userEvent.setup();
    render(<Paid />);
    expect(screen.getByRole('heading')).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    const heading = screen.getByRole('heading', { name: 'Payment completed' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
  });
});
