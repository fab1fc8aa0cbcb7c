import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';
import ui from '../ui.module.css';
import css from './nav-bar.module.css';

interface NavItem {
  label: string;
  to: string;
  signedInOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { label: 'Home', to: '/' },
  // The catalogue is the shop's main page after the home page (issue 9: it was not in the nav).
  { label: 'Catalogue', to: '/purchaseorder' },
  { label: 'DashBoard', to: '/dashboard', signedInOnly: true },
  { label: 'Blogs', to: '/blogs' },
  { label: 'MyPortfolio', to: '/myportfolio2' },
];

/** Whether this browser has popovers (Safari 17, Firefox 125, Chromium 114 and later). */
function hasPopover(menu: HTMLElement): boolean {
  return typeof menu.togglePopover === 'function';
}

/** Closes the narrow-screen menu if it is open (hidePopover on a closed one throws in some browsers). */
function closeMenu(menu: HTMLElement | null) {
  if (!menu) return;
  if (!hasPopover(menu)) menu.classList.remove(css.fallbackOpen);
  else if (menu.matches(':popover-open')) menu.hidePopover();
}

/**
 * Older browsers (iOS 16 is the last Safari on some phones still in use) ignore `popover`: the
 * button's click toggles a class instead, once React has hydrated. The browser's own toggle covers
 * everyone else, so this does nothing there.
 */
function toggleFallbackMenu(menu: HTMLElement | null) {
  if (menu && !hasPopover(menu)) menu.classList.toggle(css.fallbackOpen);
}

/**
 * Navigation bar (SPEC §2), with a menu on narrow screens. Plain markup and static CSS: it is on
 * every page's first paint, including the prerendered pages. The menu is a native popover opened
 * by its button (`popovertarget`), so it works before React has hydrated the page, and the browser
 * gives it Escape, a click elsewhere to close, the expanded state for screen readers and the top
 * layer (nothing covers it).
 */
export function NavBar() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const menuRef = useRef<HTMLUListElement>(null);
  const items = ITEMS.filter((i) => !i.signedInOnly || user);

  // The menu closes on navigation, but not when the page first mounts: a menu opened before
  // hydration stays open.
  const shownPath = useRef(location.pathname);
  useEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    closeMenu(menuRef.current);
  }, [location.pathname]);

  const logOut = async () => {
    closeMenu(menuRef.current);
    await signOut();
    navigate('/');
  };

  return (
    <header className={css.bar}>
      <nav aria-label="Main" className={`${ui.container} ${css.row}`}>
        <Link to="/" className={css.brand}>
          FridgeParts
        </Link>
        <ul className={css.links}>
          {items.map((i) => (
            <li key={i.to}>
              <NavLink to={i.to} end={i.to === '/'} className={css.link}>
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <span className={css.spacer} />
        <div className={css.account}>
          {loading ? null : user ? (
            <>
              <span data-testid="nav-user-name" className={css.userName}>
                {user.displayName}
              </span>
              <button type="button" className={`${ui.button} ${ui.onDark}`} onClick={logOut}>
                LogOut
              </button>
            </>
          ) : (
            <>
              <Link to="/login" className={`${ui.button} ${ui.onDark}`} style={{ borderColor: 'transparent' }}>
                Login
              </Link>
              <Link to="/signup" className={`${ui.button} ${ui.accent}`}>
                SignUp
              </Link>
            </>
          )}
        </div>
        <button type="button" className={css.menuButton} aria-label="Open menu" popoverTarget="main-menu" onClick={() => toggleFallbackMenu(menuRef.current)}>
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          </svg>
        </button>
        <ul id="main-menu" ref={menuRef} popover="auto" className={css.menu}>
          {items.map((i) => (
            <li key={i.to}>
              <Link to={i.to} className={css.menuItem}>
                {i.label}
              </Link>
            </li>
          ))}
          {!loading && user ? (
            <>
              <li className={css.menuNote}>{user.displayName}</li>
              <li>
                <button type="button" className={css.menuItem} onClick={logOut}>
                  LogOut
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <Link to="/login" className={css.menuItem}>
                  Login
                </Link>
              </li>
              <li>
                <Link to="/signup" className={css.menuItem}>
                  SignUp
                </Link>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}
