import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import type { SignupForm } from '@fridgeparts/common/user';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { authErrorMessage } from '../api/auth-errors';
import { GoogleSignInButton } from './google-sign-in-button';

// The schema and zod load when the form is first used, not with the prerendered page.
const validation = lazyZodResolver<SignupForm>(() => import('@fridgeparts/common/user').then((m) => m.signupSchema));

/**
 * Registration (SPEC §2, §5): name, email, password and Google Sign In. The display name is set
 * on the Firebase user before `onSignedUp` (the page records the user with the shop).
 */
export function SignupFormFields({ onSignedUp }: { onSignedUp: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<SignupForm>({ resolver: validation.resolver, defaultValues: { name: '', email: '', password: '' } });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async ({ name, email, password }) => {
    setProviderError(null);
    try {
      const { signUpWithPassword } = await import('../../../lib/auth-client');
      await signUpWithPassword(name, email, password);
      await onSignedUp();
    } catch (err) {
      setProviderError(authErrorMessage(err));
    }
  });

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" noValidate onSubmit={submit} onFocus={validation.preload} sx={{ display: 'grid', gap: 2 }} aria-label="Sign up">
        <TextField label="Name" autoComplete="name" {...register('name')} error={!!errors.name} helperText={errors.name?.message} />
        <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={!!errors.email} helperText={errors.email?.message} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...register('password')}
          error={!!errors.password}
          helperText={errors.password?.message}
        />
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
