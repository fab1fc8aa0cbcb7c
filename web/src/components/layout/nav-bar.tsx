import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session';

interface NavItem {
  label: string;
  to: string;
  signedInOnly?: boolean;
}

const ITEMS: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'DashBoard', to: '/dashboard', signedInOnly: true },
  { label: 'Blogs', to: '/blogs' },
  { label: 'MyPortfolio', to: '/myportfolio2' },
];

const linkSx = { color: 'inherit', '&.active': { textDecoration: 'underline', textUnderlineOffset: '6px' } } as const;

/** Navigation bar (SPEC §2) with a menu on narrow screens. */
export function NavBar() {
  const { user, loading, signOut } = useSession();
  const navigate = useNavigate();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const items = ITEMS.filter((i) => !i.signedInOnly || user);

  const logOut = async () => {
    setMenuAnchor(null);
    await signOut();
    navigate('/');
  };

  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
        <Typography component={RouterLink} to="/" variant="h6" sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, mr: 2, whiteSpace: 'nowrap' }}>
          FridgeParts
        </Typography>
        <Box sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {items.map((i) => (
            <Button key={i.to} component={NavLink} to={i.to} end={i.to === '/'} sx={linkSx}>
              {i.label}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: { xs: 1, md: 0 } }} />
        <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1, minWidth: 180, justifyContent: 'flex-end' }}>
          {loading ? null : user ? (
            <>
              <Typography component="span" data-testid="nav-user-name" sx={{ fontWeight: 600 }}>
                {user.displayName}
              </Typography>
              <Button color="inherit" variant="outlined" onClick={logOut}>
                LogOut
              </Button>
            </>
          ) : (
            <>
              <Button component={RouterLink} to="/login" color="inherit">
                Login
              </Button>
              <Button component={RouterLink} to="/signup" color="secondary" variant="contained">
                SignUp
              </Button>
            </>
          )}
        </Box>
        <IconButton
          color="inherit"
          aria-label="Open menu"
          aria-controls={menuAnchor ? 'main-menu' : undefined}
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-haspopup="true"
          onClick={(e) => setMenuAnchor(e.currentTarget)}
          sx={{ display: { xs: 'inline-flex', md: 'none' } }}
        >
          <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
            <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          </svg>
        </IconButton>
        <Menu id="main-menu" anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
          {items.map((i) => (
            <MenuItem key={i.to} component={RouterLink} to={i.to} onClick={() => setMenuAnchor(null)}>
              {i.label}
            </MenuItem>
          ))}
          {!loading && user ? (
            [
              <MenuItem key="name" disabled>
                {user.displayName}
              </MenuItem>,
              <MenuItem key="logout" onClick={logOut}>
                LogOut
              </MenuItem>,
            ]
          ) : (
            [
              <MenuItem key="login" component={RouterLink} to="/login" onClick={() => setMenuAnchor(null)}>
                Login
              </MenuItem>,
              <MenuItem key="signup" component={RouterLink} to="/signup" onClick={() => setMenuAnchor(null)}>
                SignUp
              </MenuItem>,
            ]
          )}
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
