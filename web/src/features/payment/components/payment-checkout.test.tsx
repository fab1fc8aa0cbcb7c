import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { ApiError } from '../../../lib/api-client';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderWithQuery } from '../../../test-support/render';
import formCss from './payment-form.module.css';

// The shop's API is faked by path; the Stripe double is faked as the browser's fetch.
const apiFetch = vi.fn();
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  apiFetch: (...a: unknown[]) => apiFetch(...a),
}));

const { PaymentCheckout } = await import('./payment-checkout');

const booking: Booking = bookingFixture({ userName: 'Casey Jones', state: 'reserved' });
const SECRET = 'pi_123_secret_abc';

interface Fakes {
  booking?: () => Promise<unknown>;
  intent?: () => Promise<unknown>;
  record?: () => Promise<unknown>;
}

function fakeApi({
  booking: b = async () => booking,
  intent = async () => ({ clientSecret: SECRET, amount: 12500, currency: 'usd' }),
  record = async () => ({ ...booking, paid: true, transactionId: 'pi_123', state: 'paid' }),
}: Fakes = {}) {
  apiFetch.mockImplementation((path: string) => {
    if (path === API.myBooking('b1')) return b();
    if (path === API.createPaymentIntent) return intent();
    if (path === API.recordPayment('b1')) return record();
    throw new Error(`unexpected call ${path}`);
  });
}

const doubleFetch = vi.fn();
function doubleAnswers(status: number, body: unknown) {
  doubleFetch.mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

function renderPage(id = 'b1') {
  return renderWithQuery(
    <MemoryRouter>
      <PaymentCheckout bookingId={id} />
    </MemoryRouter>,
  );
}

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

const payButton = () => screen.getByRole('button', { name: /^Pay/ });
const callsTo = (path: string) => apiFetch.mock.calls.filter(([p]) => p === path);

describe('PaymentCheckout (the Payment page)', () => {
  // The card form is a lazy chunk; load it once so each test waits only for rendering.
  beforeAll(async () => {
    await import('./test-mode-card-form');
  });
  beforeEach(() => {
    apiFetch.mockReset();
    doubleFetch.mockReset();
    vi.stubGlobal('fetch', doubleFetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows a loading state, then greets the customer with the item, quantity and total', async () => {
    let resolve!: (b: Booking) => void;
    fakeApi({ booking: () => new Promise((r) => (resolve = r)) });
    renderPage();
    expect(screen.getByLabelText('Loading your order')).toHaveAttribute('aria-busy', 'true');
    resolve(booking);
    expect(await screen.findByText('Hello, Casey Jones')).toBeInTheDocument();
    expect(screen.getByTestId('payment-item')).toHaveTextContent('Door Gasket');
    expect(screen.getByTestId('payment-quantity')).toHaveTextContent('10');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$125.00');
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    // The PaymentIntent is asked for the booking only; the server takes the amount from it.
    expect(callsTo(API.createPaymentIntent)[0][1]).toMatchObject({ method: 'POST', auth: true, body: { bookingId: 'b1' } });
  });

  it('lists every line of an order of several lines, with the total (CONTRACT §8)', async () => {
    const lines = [
      { toolId: 'gasket', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 },
      { toolId: 'heater', partNumber: 'FP-DFT-8H25', name: 'Defrost Heater', quantity: 2, price: 40, lineTotal: 80 },
    ];
    const order = { ...booking, lines, lineCount: 2, total: 205, poNumber: 'PO-77' };
    fakeApi({ booking: async () => order });
    renderPage();
    const rows = await screen.findAllByTestId('payment-line');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('FP-DFT-8H25')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Defrost Heater')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$40.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$80.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Line total' })).toBeInTheDocument();
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$205.00');
    expect(screen.getByText(/2 lines · PO PO-77/)).toBeInTheDocument();
  });

  it('keeps Pay disabled until the client secret has arrived', async () => {
    let resolve: ((v: unknown) => void) | undefined;
    fakeApi({ intent: () => new Promise((r) => (resolve = r)) });
    renderPage();
    await screen.findByLabelText('Card number');
    expect(payButton()).toBeDisabled();
    expect(screen.getByText('Preparing your payment…')).toBeInTheDocument();
    // The card form may show before the page has asked for the intent: wait for the request.
    await waitFor(() => expect(resolve).toBeDefined());
    resolve!({ clientSecret: SECRET });
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('pays with 4242…: confirms at the double with pm_card_visa, records the payment and shows the transaction id', async () => {
    fakeApi();
    doubleAnswers(200, { id: 'pi_123', object: 'payment_intent', status: 'succeeded' });
    renderPage();
    await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_123');
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(callsTo(API.recordPayment('b1'))[0][1]).toMatchObject({ method: 'PATCH', body: { transactionId: 'pi_123' } });
    // The card number went to nobody: the double got a payment method, the shop only the PaymentIntent id.
    const sent = JSON.stringify([doubleFetch.mock.calls, apiFetch.mock.calls]);
    expect(sent).not.toMatch(/4242\s?4242/);
    expect(String((doubleFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toContain('payment_method=pm_card_visa');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows a decline in red and lets the customer try again with another card', async () => {
    fakeApi();
    doubleAnswers(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    renderPage();
    await fillCard('4000000000000002');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    // In red: the card error's class (#d32f2f, the shop's error red). jsdom applies no CSS modules, so
    // the colour itself is checked in a real browser by tests/e2e/payment.spec.ts.
    expect(alert).toHaveClass(formCss.error);
    expect(callsTo(API.recordPayment('b1'))).toHaveLength(0);
    expect(String((doubleFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toContain('payment_method=pm_card_chargeDeclined');

    doubleAnswers(200, { id: 'pi_123', status: 'succeeded' });
    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    await userEvent.click(payButton());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    // The same client secret is reused: one PaymentIntent per booking.
    expect(callsTo(API.createPaymentIntent)).toHaveLength(1);
  });

  it('refuses a number that is not a test card in the browser, without asking anyone', async () => {
    fakeApi();
    renderPage();
    await fillCard('4111111111111111');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(doubleFetch).not.toHaveBeenCalled();
  });

  it('pays once however often Pay is pressed while paying', async () => {
    fakeApi();
    let finish!: () => void;
    doubleFetch.mockImplementation(
      () => new Promise((r) => (finish = () => r(new Response(JSON.stringify({ id: 'pi_123', status: 'succeeded' }), { status: 200 })))),
    );
    renderPage();
    await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    const button = payButton();
    await userEvent.click(button);
    expect(button).toBeDisabled();
    // Even a submit that bypasses the disabled button (Enter in a field) does not pay twice.
    const form = screen.getByRole('form', { name: 'Card payment' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(button).toHaveTextContent('Paying…');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('readonly');
    finish();
    await screen.findByText('Congrats! Your payment is completed.');
    expect(doubleFetch).toHaveBeenCalledTimes(1);
    expect(callsTo(API.recordPayment('b1'))).toHaveLength(1);
  });

  it('when recording fails after the provider took the payment, says it went through and never asks to pay again', async () => {
    fakeApi({ record: async () => Promise.reject(new ApiError(409, 'conflict', 'not confirmed yet')) });
    doubleAnswers(200, { id: 'pi_123', status: 'succeeded' });
    renderPage();
    await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Your payment went through.');
    expect(status).toHaveTextContent('It will appear in My Orders shortly.');
    expect(within(status).getByTestId('transaction-id')).toHaveTextContent('pi_123');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it.each([
    [404, 'not-found'],
    [403, 'permission-denied'],
  ])('an unknown or foreign booking (%i) says so plainly, with the way back', async (status, code) => {
    fakeApi({ booking: async () => Promise.reject(new ApiError(status, code, 'That could not be found.')) });
    renderPage();
    expect(await screen.findByText('We could not find this order among your orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(callsTo(API.createPaymentIntent)).toHaveLength(0);
  });

  it.each([
    [{ paid: true, transactionId: 'pi_9', state: 'paid' as const }, 'This order is already paid.'],
    [{ paid: true, transactionId: 'pi_9', status: 'shipped' as const, state: 'shipped' as const }, 'This order is already paid and has shipped.'],
    [{ paid: true, transactionId: 'pi_9', state: 'refunded' as const }, 'This order was refunded.'],
    [{ state: 'expired' as const }, 'This reservation has expired.'],
    // Confirmed on account (decision 0063): paid by the company's invoice, never by card.
    [
      {
        state: 'confirmed' as const,
        payment: { method: 'invoice' as const, invoiceId: 'in_1', hostedInvoiceUrl: 'http://x.test/i', dueDate: null, status: 'open' as const },
      },
      "This order is on your company's account.",
    ],
  ])('a booking that can not be paid says why and offers no card form (%o)', async (patch, text) => {
    fakeApi({ booking: async () => ({ ...booking, ...patch }) });
    renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(callsTo(API.createPaymentIntent)).toHaveLength(0);
  });

  it("a booking paid, cancelled or expired meanwhile (409 on the PaymentIntent) shows the server's reason", async () => {
    fakeApi({ intent: async () => Promise.reject(new ApiError(409, 'conflict', 'This booking is already paid.')) });
    renderPage();
    expect(await screen.findByText('This order can not be paid right now.')).toBeInTheDocument();
    expect(screen.getByText(/This booking is already paid\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    fakeApi({ booking: async () => (fail ? Promise.reject(new ApiError(0, 'network', 'Could not reach the shop.')) : booking) });
    renderPage();
    expect(await screen.findByText(/This order could not be loaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Casey Jones')).toBeInTheDocument();
  });
});
