import { Link, Navigate } from 'react-router-dom';
import ui from '../components/ui.module.css';
import { SignupFormFields } from '../features/auth/components/signup-form';
import { useFinishSignIn } from '../features/auth/hooks/use-finish-sign-in';
import { useSignedInOnArrival } from '../features/auth/hooks/use-signed-in-on-arrival';
import { UntilHydrated } from '../components/until-hydrated';
import { paths } from '../lib/infra/paths';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './auth-page.module.css';

/** Registration (SPEC §2): once the shop has the new user's token, go to /home. */
export default function SignupPage() {
  usePageTitle('Sign Up');
  const finish = useFinishSignIn(paths.homeAlias);
  // Already signed in: nothing to do here, go on.
  if (useSignedInOnArrival()) return <Navigate to={paths.homeAlias} replace />;

  return (
    <div className={css.page}>
      <div className={css.card}>
        <h1 className={ui.pageTitle}>Sign Up</h1>
        <UntilHydrated>
          <SignupFormFields onSignedUp={finish} />
        </UntilHydrated>
        <p className={css.footer}>
          Already have an account? <Link to={paths.login}>Login</Link>
        </p>
      </div>
    </div>
  );
}
