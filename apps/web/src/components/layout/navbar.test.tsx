import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Navbar } from './navbar';

const renderNavbar = () =>
  renderWithProviders(
    <>
      <Navbar account="signed-in" onLogOut={() => undefined} />
      <a href="/after">After the menu</a>
    </>,
  );

describe('the phone menu', () => {
  it('keeps Tab and Shift+Tab inside it while open', async () => {
    const user = userEvent.setup();
    renderNavbar();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    const menu = document.getElementById('mobile-menu');
    expect(menu).not.toBeNull();

    const reached: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      expect(active === toggle || menu?.contains(active)).toBe(true);
      reached.push(active.textContent ?? '');
    }
    // Home Products Quick order Blogs Portfolio Dashboard LogOut, then round to the toggle and on.
    expect(reached.slice(0, 8)).toEqual([
      'Home',
      'Products',
      'Quick order',
      'Blogs',
      'Portfolio',
      'Dashboard',
      'LogOut',
      '',
    ]);
    expect(reached[8]).toBe('Home');

    await user.tab({ shift: true });
    expect(toggle).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getAllByRole('button', { name: 'LogOut' }).at(-1)).toHaveFocus();
  });

  it('closes on Escape and gives focus back to its toggle', async () => {
    const user = userEvent.setup();
    renderNavbar();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.tab();
    await user.keyboard('{Escape}');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
    // Closed, it traps nothing: Tab goes on to the rest of the page.
    await user.tab();
    expect(screen.getByRole('link', { name: 'After the menu' })).toHaveFocus();
  });
});

describe('the order list link', () => {
  it('says how many products the list holds, on every screen size', () => {
    const { unmount } = renderWithProviders(
      <Navbar account="signed-out" onLogOut={() => undefined} />,
    );
    expect(screen.getByRole('link', { name: 'Order list, 0 items' })).toHaveAttribute(
      'href',
      '/order-list',
    );
    unmount();
    renderWithProviders(
      <Navbar account="signed-out" onLogOut={() => undefined} orderListCount={2} />,
    );
    const link = screen.getByRole('link', { name: 'Order list, 2 items' });
    expect(link).toHaveTextContent('Order list 2');
    // Not one of the menu's items, so the closed phone menu does not hide it.
    expect(link.closest('ul')).toBeNull();
    // Its name does not contain "Products", so that link's name stays unique.
    expect(screen.getAllByRole('link', { name: /products/i })).toHaveLength(1);
  });
});
