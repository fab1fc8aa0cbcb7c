import { useState } from 'react';
import { Button } from '../../../components/button';
import { Notice, noticeButtonClass } from '../../../components/notice';
import { useSession } from '../../../lib/infra/session';
import { useEmailVerifiedWatch } from '../hooks/use-email-verified-watch';
import css from './verify-email-banner.module.css';

type Resend = { state: 'idle' | 'sending' } | { state: 'sent' } | { state: 'failed'; message: string };

function resendErrorMessage(err: unknown): string {
  if ((err as { code?: string }).code === 'auth/too-many-requests') {
    return 'We have sent several links to this address just now. Wait a few minutes, then try again.';
  }
  if ((err as { code?: string }).code === 'auth/network-request-failed') return 'Could not reach the sign-in service. Check your connection and try again.';
  return 'The email could not be sent. Please try again.';
}

/**
 * "Verify your email address" on the dashboard until Firebase Auth says it is (CONTRACT §9:
 * ordering, paying and reviewing need it). Drawn from the session the dashboard already has, so a
 * verified user gets nothing at all; the dashboard loads it only for an unverified one, with the
 * page's own chunk (dashboard-layout.tsx).
 */
export function VerifyEmailBanner() {
  const { user } = useSession();
  const unverified = Boolean(user && !user.emailVerified);
  const [resend, setResend] = useState<Resend>({ state: 'idle' });
  useEmailVerifiedWatch(unverified);
  if (!user || !unverified) return null;

  const send = async () => {
    setResend({ state: 'sending' });
    try {
      const { sendVerificationEmail } = await import('../../../lib/infra/auth-client');
      await sendVerificationEmail();
      setResend({ state: 'sent' });
    } catch (err) {
      setResend({ state: 'failed', message: resendErrorMessage(err) });
    }
  };

  return (
    <Notice
      severity="warning"
      role="note"
      outlined
      className={css.banner}
      title="Verify your email address"
      action={
        <Button variant="text" size="small" className={noticeButtonClass} onClick={() => void send()} disabled={resend.state === 'sending'}>
          {resend.state === 'sending' ? 'Sending…' : 'Resend'}
        </Button>
      }
    >
      <p className={css.text} data-testid="verify-email-text">
        Open the link we sent to <strong>{user.email}</strong> to place orders, pay and write reviews. You can keep browsing and filling your cart meanwhile.
      </p>
      {/* Always in the DOM, so screen readers announce what lands in it. */}
      <p className={css.text} role="status" data-testid="verify-email-status">
        {resend.state === 'sent' && `We sent a new link to ${user.email}.`}
        {resend.state === 'failed' && resend.message}
      </p>
    </Notice>
  );
}
