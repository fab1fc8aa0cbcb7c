import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const session = vi.hoisted(() => ({ user: null as null | { uid: string; email: string; displayName: string; emailVerified: boolean } }));
const auth = vi.hoisted(() => ({ sendVerificationEmail: vi.fn(), refreshEmailVerified: vi.fn() }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: session.user, loading: false }) }));
vi.mock('../../../lib/auth-client', () => auth);

import { VERIFIED_POLL_MS } from '../hooks/use-email-verified-watch';
import { VerifyEmailBanner } from './verify-email-banner';

const casey = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };

describe('VerifyEmailBanner', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    auth.refreshEmailVerified.mockResolvedValue(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('renders nothing for a verified user, so their dashboard never moves', () => {
    session.user = { ...casey, emailVerified: true };
    const { container } = render(<VerifyEmailBanner />);
    expect(container).toBeEmptyDOMElement();
  });

  it('names the address to verify and confirms a resent link', async () => {
    session.user = { ...casey, emailVerified: false };
    auth.sendVerificationEmail.mockResolvedValue(undefined);
    render(<VerifyEmailBanner />);
    expect(screen.getByText('Verify your email address')).toBeInTheDocument();
    expect(screen.getByTestId('verify-email-text')).toHaveTextContent('casey@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('We sent a new link to casey@example.test.')).toBeInTheDocument();
    expect(auth.sendVerificationEmail).toHaveBeenCalledTimes(1);
  });

  it('says to wait when Firebase Auth refuses more emails for now', async () => {
    session.user = { ...casey, emailVerified: false };
    auth.sendVerificationEmail.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/too-many-requests' }));
    render(<VerifyEmailBanner />);
    await userEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText(/Wait a few minutes, then try again/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
  });

  it('asks Auth again on focus and on a timer while unverified, and not at all once verified', async () => {
    vi.useFakeTimers();
    session.user = { ...casey, emailVerified: false };
    const { rerender } = render(<VerifyEmailBanner />);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS));
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(2);

    session.user = { ...casey, emailVerified: true };
    rerender(<VerifyEmailBanner />);
    expect(screen.queryByText('Verify your email address')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(VERIFIED_POLL_MS * 3));
    window.dispatchEvent(new Event('focus'));
    expect(auth.refreshEmailVerified).toHaveBeenCalledTimes(2);
  });
});
