import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { LoginFormFields } from '../features/auth/components/login-form';
import { useFinishSignIn, useReturnTo } from '../features/auth/hooks/use-finish-sign-in';
import { useSignedInOnArrival } from '../features/auth/hooks/use-signed-in-on-arrival';
import { UntilHydrated } from '../components/until-hydrated';
import { usePageTitle } from '../lib/use-page-title';

export default function LoginPage() {
  usePageTitle('Login');
  const returnTo = useReturnTo();
  const finish = useFinishSignIn(returnTo);
  // Already signed in: nothing to do here, go on.
  if (useSignedInOnArrival()) return <Navigate to={returnTo} replace />;

  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Login
        </Typography>
        <UntilHydrated>
          <LoginFormFields onSignedIn={finish} />
        </UntilHydrated>
        <Typography sx={{ mt: 3 }}>
          New to FridgeParts?{' '}
          <Link component={RouterLink} to="/signup" state={null}>
            Create an account
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
