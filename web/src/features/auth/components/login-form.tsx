import { useState } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { LoginForm } from '@fridgeparts/common/user';
import { FormInput } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/button';
import { notify } from '../../../lib/infra/toast';
import { authErrorMessage } from '../api/auth-errors';
import css from './auth-form.module.css';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * Sign-in (SPEC §2, §5): email and password, Reset Password, Google Sign In. Validation
 * messages come from the shared schema; the provider's refusals show in red under the form.
 * `onSignedIn` runs after Firebase accepted the user (the page syncs with the shop and navigates).
 */
export function LoginFormFields({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<LoginForm>({
    // The schema and zod load when the form is first used, not with the prerendered page.
    schema: () => import('@fridgeparts/common/user').then((m) => m.loginSchema),
    defaultValues: { email: '', password: '' },
    action: async ({ email, password }) => {
      setProviderError(null);
      try {
        const { signInWithPassword } = await import('../../../lib/infra/auth-client');
        await signInWithPassword(email, password);
        await onSignedIn();
      } catch (err) {
        setProviderError(authErrorMessage(err));
      }
    },
  });
  const { getValues } = form;

  const resetPassword = async () => {
    const email = getValues('email').trim();
    setProviderError(null);
    if (!email) {
      notify.error(MESSAGES.resetNeedsEmail);
      return;
    }
    setResetting(true);
    try {
      const { sendPasswordReset } = await import('../../../lib/infra/auth-client');
      await sendPasswordReset(email);
      notify.success(MESSAGES.resetSent);
    } catch (err) {
      setProviderError(authErrorMessage(err));
    } finally {
      setResetting(false);
    }
  };

  const busy = isSubmitting || resetting;
  return (
    <div className={css.stack}>
      <form noValidate onSubmit={submit} onFocus={prefetch} className={css.stack} aria-label="Log in">
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormInput form={form} name="password" label="Password" type="password" autoComplete="current-password" />
        <FormError message={formError} />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </Button>
        <button type="button" className={css.link} onClick={() => void resetPassword()} disabled={busy}>
          Reset Password
        </button>
      </form>
      <div className={css.divider} role="separator">
        or
      </div>
      <GoogleSignInButton onSignedIn={onSignedIn} onError={(err) => setProviderError(authErrorMessage(err))} disabled={busy} />
      {providerError && (
        <div className={css.error} role="alert" data-testid="auth-error">
          {providerError}
        </div>
      )}
    </div>
  );
}
