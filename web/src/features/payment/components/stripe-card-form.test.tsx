import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import type { ConfirmCardPayment } from '../api/card-payment';
import { renderWithQuery } from '../../../test-support/render';

// Stripe.js can not load here (no js.stripe.com); the React bindings are faked at their edges.
const card = { kind: 'card-element' };
const confirmCardPayment = vi.fn();
const stripe = { confirmCardPayment };
const loadStripe = vi.fn(async () => stripe);
let cardProps: Record<string, unknown> = {};
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: (...a: unknown[]) => loadStripe(...(a as [])) }));
vi.mock('@stripe/react-stripe-js', () => ({
  Elements: ({ children }: { children: ReactNode }) => <>{children}</>,
  useStripe: () => stripe,
  useElements: () => ({ getElement: () => card }),
  CardElement: function CardElement(props: { onReady?: () => void }) {
    cardProps = props;
    useEffect(() => props.onReady?.(), [props]);
    return <div data-testid="card-element" />;
  },
}));

const { default: StripeCardForm } = await import('./stripe-card-form');

async function readyConfirm(): Promise<ConfirmCardPayment> {
  let confirm: ConfirmCardPayment | null = null;
  renderWithQuery(<StripeCardForm onReadyChange={(c) => (confirm = c)} disabled={false} />);
  await waitFor(() => expect(confirm).not.toBeNull());
  return confirm!;
}

describe('StripeCardForm (with a publishable key)', () => {
  afterEach(() => {
    cleanup();
    confirmCardPayment.mockReset();
  });

  it('loads Stripe.js once, shows the CardElement with 16px text and becomes ready when the field is', async () => {
    await readyConfirm();
    expect(screen.getByTestId('card-element')).toBeInTheDocument();
    expect(cardProps.options).toMatchObject({ style: { base: { fontSize: '16px' } }, disabled: false });
    expect(loadStripe).toHaveBeenCalledTimes(1);
  });

  it('confirms with the card field as Stripe documents, and passes on the PaymentIntent id', async () => {
    confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_42', status: 'succeeded' } });
    const confirm = await readyConfirm();
    expect(await confirm('pi_42_secret_x')).toEqual({ status: 'succeeded', paymentIntentId: 'pi_42' });
    expect(confirmCardPayment).toHaveBeenCalledWith('pi_42_secret_x', { payment_method: { card } });
  });

  it("returns Stripe's message on a card error, and never success unless it succeeded", async () => {
    const confirm = await readyConfirm();
    confirmCardPayment.mockResolvedValueOnce({ error: { type: 'card_error', message: 'Your card has insufficient funds.' } });
    expect(await confirm('pi_1_secret_x')).toEqual({ status: 'failed', message: 'Your card has insufficient funds.' });
    confirmCardPayment.mockResolvedValueOnce({ paymentIntent: { id: 'pi_1', status: 'requires_action' } });
    expect(await confirm('pi_1_secret_x')).toMatchObject({ status: 'failed' });
  });
});
