import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import type { SignupForm } from '@fridgeparts/common/user';
import { FormTextField } from '../../../components/form/form-text-field';
import { useShopForm } from '../../../components/form/use-shop-form';
import { authErrorMessage } from '../api/auth-errors';
import { GoogleSignInButton } from './google-sign-in-button';

/**
 * Registration (SPEC §2, §5): name, email, password and Google Sign In. The display name is set
 * on the Firebase user before `onSignedUp` (the page records the user with the shop).
 */
export function SignupFormFields({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const { form, submit, prefetch, isSubmitting } = useShopForm<SignupForm>({
    // The schema and zod load when the form is first used, not with the prerendered page.
    schema: () => import('@fridgeparts/common/user').then((m) => m.signupSchema),
    defaultValues: { name: '', email: '', password: '' },
    action: async ({ name, email, password }) => {
      setProviderError(null);
      try {
        const { signUpWithPassword } = await import('../../../lib/auth-client');
        await signUpWithPassword(name, email, password);
        await onSignedUp();
      } catch (err) {
        setProviderError(authErrorMessage(err));
      }
    },
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={submit} onFocus={prefetch} sx={{ display: 'grid', gap: 2 }} aria-label="Sign up">
        <FormTextField form={form} name="name" label="Name" autoComplete="name" />
        <FormTextField form={form} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField form={form} name="password" label="Password" type="password" autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'SignUp'}
        </Button>
      </Box>
      <Divider>or</Divider>
      <GoogleSignInButton onSignedIn={onSignedUp} onError={(err) => setProviderError(authErrorMessage(err))} disabled={isSubmitting} />
      {providerError && (
        <Alert severity="error" role="alert" data-testid="auth-error">
          {providerError}
        </Alert>
      )}
    </Box>
  );
}
