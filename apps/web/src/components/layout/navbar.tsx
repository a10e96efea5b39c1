import { orderListLinkMessages, quickOrderLinkMessages } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import logo from '../../assets/logo.svg';
import { paths } from '../../config/paths';
import { useEarlyInput } from '../../lib/early-input';

const publicLinks = [
  { to: paths.home.to(), label: 'Home', end: true },
  { to: paths.products.to(), label: 'Products', end: false },
  { to: paths.quickOrder.to(), label: quickOrderLinkMessages.text, end: false },
  { to: paths.blogs.to(), label: 'Blogs', end: false },
  { to: paths.portfolio.to(), label: 'Portfolio', end: false },
];

// The current page is filled and bold (NavLink also sets aria-current="page"); hover is a tint
// and keyboard focus a ring (index.css), so the three never look alike.
const linkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? 'menu-active font-semibold' : undefined;

/** What Tab may reach in the phone menu: its toggle, then its links and buttons. */
function tabStops(toggle: HTMLElement, menu: HTMLElement): HTMLElement[] {
  return [toggle, ...menu.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
}

interface NavbarProps {
  /** Signed in: Dashboard and LogOut; signed out: Login; unknown yet: neither. */
  account: 'signed-in' | 'signed-out' | 'loading';
  onLogOut: () => void;
  /** How many products the order list holds (shown on its link, which stays out of the menu). */
  orderListCount?: number;
}

export function Navbar({ account, onLogOut, orderListCount = 0 }: NavbarProps) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  // A tap on the toggle before the app has taken the page over opens the menu once it has.
  const early = useEarlyInput(toggle);

  // While the phone menu is open, Tab and Shift+Tab go round its toggle and its items, and
  // Escape closes it and gives focus back to the toggle. Once the window is wide enough to
  // hide it (md:hidden) it traps nothing.
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
        return;
      }
      if (event.key !== 'Tab' || !toggle.current || !menu.current) return;
      if (getComputedStyle(menu.current).display === 'none') return;
      const stops = tabStops(toggle.current, menu.current);
      const at = stops.indexOf(document.activeElement as HTMLElement);
      const last = stops.length - 1;
      const next = event.shiftKey
        ? at <= 0
          ? last
          : at - 1
        : at === -1 || at === last
          ? 0
          : at + 1;
      event.preventDefault();
      stops[next]?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  const links = [
    ...publicLinks,
    ...(account === 'signed-in'
      ? [{ to: paths.dashboard.root.to(), label: 'Dashboard', end: false }]
      : []),
    ...(account === 'signed-out' ? [{ to: paths.login.to(), label: 'Login', end: false }] : []),
  ];

  const items = links.map((link) => (
    <li key={link.to}>
      {/* A phone's menu closes once the user has picked a page. */}
      <NavLink to={link.to} end={link.end} className={linkClass} onClick={() => setOpen(false)}>
        {link.label}
      </NavLink>
    </li>
  ));
  if (account === 'signed-in') {
    items.push(
      <li key="logout">
        <button
          type="button"
          onClick={() => {
            setOpen(false);
            onLogOut();
          }}
        >
          LogOut
        </button>
      </li>,
    );
  }

  // index.html draws this bar's logo while the scripts load: keep the two in step.
  return (
    <header className="bg-base-100/95 border-base-300 sticky top-0 z-30 border-b backdrop-blur">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl px-4">
        <div className="flex-1">
          <Link
            to={paths.home.to()}
            className="flex items-center gap-2 text-xl font-extrabold tracking-tight"
          >
            <img src={logo} alt="" width={32} height={32} />
            <span>
              Case<span className="text-primary">Forge</span>
            </span>
          </Link>
        </div>
        <ul className="menu menu-horizontal hidden gap-1 px-1 md:flex">{items}</ul>
        {/* Outside the phone menu, so the order list is one tap away on every screen. */}
        <NavLink
          to={paths.orderList.to()}
          // "Order list, 2 items": the visible words and count, said in full.
          aria-label={orderListLinkMessages.label(orderListCount)}
          className={({ isActive }) =>
            `btn btn-ghost gap-2 px-3 ${isActive ? 'bg-base-200 font-semibold' : 'font-normal'}`
          }
          onClick={() => setOpen(false)}
        >
          <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
            <path
              d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span>{orderListLinkMessages.text}</span>{' '}
          <span className="badge badge-sm badge-primary">{orderListCount}</span>
        </NavLink>
        {/* Without JavaScript it does nothing: index.html's <noscript> hides it (by its id) and
            shows a <details> menu in its place (ux 2026-11-28, defect 30). */}
        <button
          ref={toggle}
          {...early}
          id="menu-toggle"
          type="button"
          className="btn btn-ghost btn-square md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Close menu' : 'Open menu'}
          onClick={() => setOpen((value) => !value)}
        >
          <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true">
            <path
              d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 6h16M4 12h16M4 18h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </nav>
      {open && (
        <ul
          ref={menu}
          id="mobile-menu"
          className="menu border-base-300 w-full border-t px-4 pb-4 md:hidden"
        >
          {items}
        </ul>
      )}
    </header>
  );
}
