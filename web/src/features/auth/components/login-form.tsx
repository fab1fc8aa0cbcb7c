import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { LoginForm } from '@fridgeparts/common/user';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/toast';
import { authErrorMessage } from '../api/auth-errors';
import { GoogleSignInButton } from './google-sign-in-button';

// The schema and zod load when the form is first used, not with the prerendered page.
const validation = lazyZodResolver<LoginForm>(() => import('@fridgeparts/common/user').then((m) => m.loginSchema));

/**
 * Sign-in (SPEC §2, §5): email and password, Reset Password, Google Sign In. Validation
 * messages come from the shared schema; the provider's refusals show in red under the form.
 * `onSignedIn` runs after Firebase accepted the user (the page syncs with the shop and navigates).
 */
export function LoginFormFields({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const [resetting, setResetting] = useState(false);
  const { register, handleSubmit, formState, getValues } = useForm<LoginForm>({ resolver: validation.resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ email, password }) => {
    setProviderError(null);
    try {
      const { signInWithPassword } = await import('../../../lib/auth-client');
      await signInWithPassword(email, password);
      await onSignedIn();
    } catch (err) {
      setProviderError(authErrorMessage(err));
    }
  });

  const resetPassword = async () => {
    const email = getValues('email').trim();
    setProviderError(null);
    if (!email) {
      notify.error(MESSAGES.resetNeedsEmail);
      return;
    }
    setResetting(true);
    try {
      const { sendPasswordReset } = await import('../../../lib/auth-client');
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
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={submit} onFocus={validation.preload} sx={{ display: 'grid', gap: 2 }} aria-label="Log in">
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={!!errors.email} helperText={errors.email?.message} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          {isSubmitting ? 'Logging in…' : 'Login'}
        </Button>
        <Button type="button" variant="text" onClick={() => void resetPassword()} disabled={busy} sx={{ justifySelf: 'start' }}>
          Reset Password
        </Button>
      </Box>
      <Divider>or</Divider>
      <GoogleSignInButton onSignedIn={onSignedIn} onError={(err) => setProviderError(authErrorMessage(err))} disabled={busy} />
      {providerError && (
        <Alert severity="error" role="alert" data-testid="auth-error">
          {providerError}
        </Alert>
      )}
    </Box>
  );
}
