import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authError, refreshEmailVerified, sendVerificationEmail, signInAs } from '../../../test-support/fake-auth-client';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';
import { VERIFIED_POLL_MS } from '../hooks/use-email-verified-watch';
import { VerifyEmailBanner } from './verify-email-banner';

const casey = CASEY;
const auth = { sendVerificationEmail, refreshEmailVerified };

describe('VerifyEmailBanner', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    auth.refreshEmailVerified.mockResolvedValue(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders nothing for a verified user, so their dashboard never moves', async () => {
    const { container } = await renderSignedIn(<VerifyEmailBanner />, { user: { ...casey, emailVerified: true } });
    expect(container).toBeEmptyDOMElement();
  });

  it('names the address to verify and confirms a resent link', async () => {
    await renderSignedIn(<VerifyEmailBanner />, { user: { ...casey, emailVerified: false } });
    expect(screen.getByText('Verify your email address')).toBeInTheDocument();
    expect(screen.getByTestId('verify-email-text')).toHaveTextContent('casey@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to casey@example.test.')).toBeInTheDocument();
    expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(1);
  });

  it('says to wait when Firebase Auth refuses more emails for now', async () => {
    auth.sendVerificationEmail.mockRejectedValueOnce(authError('auth/too-many-requests'));
    await renderSignedIn(<VerifyEmailBanner />, { user: { ...casey, emailVerified: false } });
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/Wait a few minutes, then try again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('asks Auth again on focus and on a timer while unverified, and not at all once verified', async () => {
    // Time moves on its own too, so the session can restore while the test holds the clock.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderSignedIn(<VerifyEmailBanner />, { user: { ...casey, emailVerified: false } });
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS));
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(2);

    // Verified in another tab: Firebase Auth's renewed token says so, and the session hears it.
    await act(async () => signInAs({ ...casey, emailVerified: true }));
    expect(screen.queryByText('Verify your email address')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS * 3));
    window.dispatchEvent(new Event('focus'));
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(2);
  });
});
