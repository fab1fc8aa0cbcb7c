import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { LoginFormFields } from '../features/auth/components/login-form';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

/** Where the guard sent the user from (SPEC §2: back to that page after sign-in, / by default). */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string; search?: string } } | null)?.from;
  return from ? from.pathname + (from.search ?? '') : '/';
}

export default function LoginPage() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const { syncWithShop } = useSession();

  const afterSignIn = async () => {
    await syncWithShop();
    navigate(returnTo, { replace: true });
  };

  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Login
        </Typography>
        <LoginFormFields onSignedIn={afterSignIn} />
        <Typography sx={{ mt: 3 }}>
          New to FridgeParts?{' '}
          <Link component={RouterLink} to="/signup">
            Create an account
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
