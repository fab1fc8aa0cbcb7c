import { useState } from 'react';
import type { SignupForm } from '@fridgeparts/common/user';
import { FormInput } from '../../../components/form/form-input';
import { useShopForm } from '../../../components/form/use-shop-form';
import { FormError } from '../../../components/form/form-error';
import { Button } from '../../../components/button';
import { authErrorMessage } from '../api/auth-errors';
import css from './auth-form.module.css';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * Registration (SPEC §2, §5): name, email, password and Google Sign In. The display name is set
 * on the Firebase user before `onSignedUp` (the page records the user with the shop).
 */
export function SignupFormFields({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const { form, submit, prefetch, isSubmitting, formError } = useShopForm<SignupForm>({
    // The schema and zod load when the form is first used, not with the prerendered page.
    schema: () => import('@fridgeparts/common/user').then((m) => m.signupSchema),
    defaultValues: { name: '', email: '', password: '' },
    action: async ({ name, email, password }) => {
      setProviderError(null);
      try {
        const { signUpWithPassword } = await import('../../../lib/infra/auth-client');
        await signUpWithPassword(name, email, password);
        await onSignedUp();
      } catch (err) {
        setProviderError(authErrorMessage(err));
      }
    },
  });

  return (
    <div className={css.stack}>
      <form noValidate onSubmit={submit} onFocus={prefetch} className={css.stack} aria-label="Sign up">
        <FormInput form={form} name="name" label="Name" autoComplete="name" />
        <FormInput form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormInput form={form} name="password" label="Password" type="password" autoComplete="new-password" />
        <FormError message={formError} />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'SignUp'}
        </Button>
      </form>
      <div className={css.divider} role="separator">
        or
      </div>
      <GoogleSignInButton onSignedIn={onSignedUp} onError={(err) => setProviderError(authErrorMessage(err))} disabled={isSubmitting} />
      {providerError && (
        <div className={css.error} role="alert" data-testid="auth-error">
          {providerError}
        </div>
      )}
    </div>
  );
}
