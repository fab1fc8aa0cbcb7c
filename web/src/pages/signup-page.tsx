import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Navigate, Link as RouterLink } from 'react-router-dom';
import { SignupFormFields } from '../features/auth/components/signup-form';
import { useFinishSignIn } from '../features/auth/hooks/use-finish-sign-in';
import { useSignedInOnArrival } from '../features/auth/hooks/use-signed-in-on-arrival';
import { UntilHydrated } from '../components/until-hydrated';
import { usePageTitle } from '../lib/use-page-title';

/** Registration (SPEC §2): once the shop has the new user's token, go to /home. */
export default function SignupPage() {
  usePageTitle('Sign Up');
  const finish = useFinishSignIn('/home');
  // Already signed in: nothing to do here, go on.
  if (useSignedInOnArrival()) return <Navigate to={'/home'} replace />;

  return (
    <Container maxWidth="xs" sx={{ py: 6 }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign Up
        </Typography>
        <UntilHydrated>
          <SignupFormFields onSignedUp={finish} />
        </UntilHydrated>
        <Typography sx={{ mt: 3 }}>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login">
            Login
          </Link>
        </Typography>
      </Paper>
    </Container>
  );
}
