import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { loginSchema, type LoginForm } from '@fridgeparts/common/user';
import { authErrorMessage } from '../api/auth-errors';

/** Email and password sign-in; `onSignedIn` runs after Firebase accepted the credentials. */
export function LoginFormFields({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [providerError, setProviderError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
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

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2 }} aria-label="Log in">
      <TextField label="Email" type="email" autoComplete="email" {...register('email')} error={!!errors.email} helperText={errors.email?.message} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={!!errors.password}
        helperText={errors.password?.message}
      />
      {providerError && (
        <Alert severity="error" role="alert">
          {providerError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Login'}
      </Button>
    </Box>
  );
}
