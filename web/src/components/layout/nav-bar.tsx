import { useEffect, useRef } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../lib/infra/paths';
import { useSession } from '../../lib/infra/session';
import { plural } from '../../lib/domain/plural';
import { useCart } from '../../lib/domain/use-cart';
import { Button, buttonClass } from '../button';
import ui from '../ui.module.css';
import css from './nav-bar.module.css';
import { NavSearch } from './nav-search';

interface NavItem {
  label: string;
  to: string;
  signedInOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { label: 'Home', to: paths.home },
  // The catalogue is the shop's main page after the home page (issue 9: it was not in the nav).
  { label: 'Catalogue', to: paths.catalog },
  // Find by appliance model (CONTRACT §12): the technician's way in, from the model number on the tag.
  { label: 'Models', to: paths.applianceModels },
  { label: 'DashBoard', to: paths.dashboard, signedInOnly: true },
  { label: 'Blogs', to: paths.blogs },
  { label: 'MyPortfolio', to: paths.portfolio },
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
 * The signed-in buyer's cart with its line count (CONTRACT §8), at every width (on phones beside
 * the menu button). It appears with the person's name, and the badge keeps its width while the
 * count is on its way and whatever it is (at most 50), so nothing beside it moves. The name is the
 * link's own text, "Cart 3" and a hidden "lines", so it starts with what is seen (WCAG 2.5.3).
 */
function CartLink() {
  const { cart } = useCart();
  const count = cart?.lineCount;
  return (
    <NavLink to={paths.cart} className={css.cart} data-testid="nav-cart">
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM7.2 14h9.9c.8 0 1.4-.4 1.7-1l3.6-6.5L20.7 5H5.2l-.9-2H1v2h2l3.6 7.6L5.2 15c-.7 1.3.2 3 1.8 3h12v-2H7.4l.9-2z" />
      </svg>
      {'Cart '}
      <span className={css.cartCount} data-testid="nav-cart-count">
        {count ?? ''}
      </span>
      {count !== undefined && (
        <>
          {' '}
          <span className={css.hidden}>{plural(count, 'line')}</span>
        </>
      )}
    </NavLink>
  );
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
    navigate(paths.home);
  };

  return (
    <header className={css.bar}>
      <nav aria-label="Main" className={`${ui.container} ${css.row}`}>
        <Link to={paths.home} className={css.brand}>
          FridgeParts
        </Link>
        <ul className={css.links}>
          {items.map((i) => (
            <li key={i.to}>
              <NavLink to={i.to} end={i.to === paths.home} className={css.link}>
                {i.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <span className={css.spacer} />
        <NavSearch />
        {!loading && user && <CartLink />}
        <div className={css.account}>
          {loading ? null : user ? (
            <>
              <span data-testid="nav-user-name" className={css.userName} title={user.displayName}>
                {user.displayName}
              </span>
              <Button variant="onDark" onClick={logOut}>
                LogOut
              </Button>
            </>
          ) : (
            <>
              <Link to={paths.login} className={buttonClass({ variant: 'onDark' })} style={{ borderColor: 'transparent' }}>
                Login
              </Link>
              <Link to={paths.signup} className={buttonClass({ variant: 'accent' })}>
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
                <Link to={paths.login} className={css.menuItem}>
                  Login
                </Link>
              </li>
              <li>
                <Link to={paths.signup} className={css.menuItem}>
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
