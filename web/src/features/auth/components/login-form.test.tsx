import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@fridgeparts/common/messages';
import { authError, sendPasswordReset, signInWithPassword } from '../../../test-support/fake-auth-client';
import { renderSignedOut } from '../../../test-support/signed-in';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

import { LoginFormFields } from './login-form';
import { notify } from '../../../test-support/toast';

const auth = { sendPasswordReset, signInWithPassword };

describe('LoginFormFields', () => {
  beforeEach(() => vi.clearAllMocks());
  afterEach(cleanup);

  it('shows the schema messages and does not call Firebase for an empty form', async () => {
    const onSignedIn = vi.fn();
    await renderSignedOut(<LoginFormFields onSignedIn={onSignedIn} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeInTheDocument();
    // The plain field (FormInput) marks the input and ties the message to it for screen readers.
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(auth.signInWithPassword).not.toHaveBeenCalled();
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('Reset Password asks for an email first, then sends the reset', async () => {
    await renderSignedOut(<LoginFormFields onSignedIn={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(notify.error).toHaveBeenCalledWith(MESSAGES.resetNeedsEmail);
    expect(auth.sendPasswordReset).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.resetSent));
    expect(auth.sendPasswordReset).toHaveBeenCalledWith('buyer@example.test');
  });

  it('shows a provider refusal in plain words', async () => {
    auth.signInWithPassword.mockRejectedValueOnce(authError('auth/invalid-credential'));
    await renderSignedOut(<LoginFormFields onSignedIn={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The email or password is not correct.');
  });
});
