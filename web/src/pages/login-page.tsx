import { Link, Navigate } from 'react-router-dom';
import ui from '../components/ui.module.css';
import { LoginFormFields } from '../features/auth/components/login-form';
import { useFinishSignIn, useReturnTo } from '../features/auth/hooks/use-finish-sign-in';
import { useSignedInOnArrival } from '../features/auth/hooks/use-signed-in-on-arrival';
import { UntilHydrated } from '../components/until-hydrated';
import { paths } from '../lib/infra/paths';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './auth-page.module.css';

export default function LoginPage() {
  usePageTitle('Login');
  const returnTo = useReturnTo();
  const finish = useFinishSignIn(returnTo);
  // Already signed in: nothing to do here, go on.
  if (useSignedInOnArrival()) return <Navigate to={returnTo} replace />;

  return (
    <div className={css.page}>
      <div className={css.card}>
        <h1 className={ui.pageTitle}>Login</h1>
        <UntilHydrated>
          <LoginFormFields onSignedIn={finish} />
        </UntilHydrated>
        <p className={css.footer}>
          New to FridgeParts?{' '}
          <Link to={paths.signup} state={null}>
            Create an account
          </Link>
        </p>
      </div>
    </div>
  );
}
