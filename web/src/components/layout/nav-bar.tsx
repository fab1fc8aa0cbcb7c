import { useEffect, useRef, useState } from 'react';
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

/**
 * Navigation bar (SPEC §2), with a disclosure menu on narrow screens. Plain markup and static CSS:
 * it is on every page's first paint, including the prerendered home page.
 */
export function NavBar() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const items = ITEMS.filter((i) => !i.signedInOnly || user);

  // The menu closes on navigation, on Escape and on a click elsewhere.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false);
    const onClick = (e: MouseEvent) => !menuRef.current?.contains(e.target as Node) && setMenuOpen(false);
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [menuOpen]);

  const logOut = async () => {
    setMenuOpen(false);
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
        <div ref={menuRef}>
          <button type="button" className={css.menuButton} aria-label="Open menu" aria-expanded={menuOpen} aria-controls="main-menu" onClick={() => setMenuOpen((o) => !o)}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
            </svg>
          </button>
          {menuOpen && (
            <ul id="main-menu" className={css.menu}>
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
          )}
        </div>
      </nav>
    </header>
  );
}
