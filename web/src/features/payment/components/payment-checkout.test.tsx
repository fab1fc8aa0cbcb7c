import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { ErrorCode } from '@fridgeparts/common/errors';
import { config } from '../../../lib/infra/config';
import { failure, fakeApi, json, unreachable, type Reply } from '../../../test-support/fake-api';
import { amountsOf, taxFixture, withTax } from '../../../test-support/amounts';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderSignedIn } from '../../../test-support/signed-in';
import formCss from './payment-form.module.css';

// The shop's API is faked at fetch and held to its route table; the Stripe double (another
// origin) is faked at fetch too, by doubleFetch.
const doubleFetch = vi.fn();
const api = fakeApi({ elsewhere: { origin: config.stripeDoubleUrl!, fetch: (input, init) => doubleFetch(input, init) } });

const { PaymentCheckout } = await import('./payment-checkout');

const booking: Booking = bookingFixture({ userName: 'Casey Jones', state: 'reserved' });
const SECRET = 'pi_123_secret_abc';

/** An answer of the shop: the thing answered (200), or the API's own answer (a refusal). */
type Answered = object | Reply;
const reply = (a: Answered): Reply => ('status' in a && typeof a.status === 'number' ? (a as Reply) : json(a));

interface Fakes {
  booking?: () => Promise<Answered>;
  intent?: () => Promise<Answered>;
  record?: () => Promise<Answered>;
}

function answerApi({
  booking: b = async () => booking,
  intent = async () => ({ clientSecret: SECRET, amount: 12500, currency: 'usd' }),
  record = async () => ({ ...booking, paid: true, transactionId: 'pi_123', state: 'paid' }),
}: Fakes = {}) {
  api
    .on('GET', API.myBooking('b1'), async () => reply(await b()))
    .on('POST', API.createPaymentIntent, async () => reply(await intent()))
    .on('PATCH', API.recordPayment('b1'), async () => reply(await record()));
}

function doubleAnswers(status: number, body: unknown) {
  doubleFetch.mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

const renderPage = (id = 'b1') => renderSignedIn(<PaymentCheckout bookingId={id} />);

async function fillCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry (MM/YY)'), '1230');
  await userEvent.type(screen.getByLabelText('CVC'), '123');
}

const payButton = () => screen.getByRole('button', { name: /^Pay/ });
const intents = () => api.sent('POST', API.createPaymentIntent);
const records = () => api.sent('PATCH', API.recordPayment('b1'));

describe('PaymentCheckout (the Payment page)', () => {
  // The card form is a lazy chunk; load it once so each test waits only for rendering.
  beforeAll(async () => {
    await import('./test-mode-card-form');
  });
  beforeEach(() => {
    doubleFetch.mockReset();
  });
  afterEach(cleanup);

  it('shows a loading state, then greets the customer with the item, quantity and total', async () => {
    let resolve!: (b: Booking) => void;
    answerApi({ booking: () => new Promise<Answered>((r) => (resolve = r)) });
    await renderPage();
    expect(screen.getByLabelText('Loading your order')).toHaveAttribute('aria-busy', 'true');
    resolve(booking);
    expect(await screen.findByText('Hello, Casey Jones')).toBeInTheDocument();
    expect(screen.getByTestId('payment-item')).toHaveTextContent('Door Gasket');
    expect(screen.getByTestId('payment-quantity')).toHaveTextContent('10');
    expect(screen.getByTestId('payment-total')).toHaveTextContent('$125.00');
    expect(await screen.findByText('TEST MODE')).toBeInTheDocument();
    // The PaymentIntent is asked for the booking only; the server takes the amount from it.
    await waitFor(() => expect(intents()).toHaveLength(1));
    expect(intents()[0]).toMatchObject({ body: { bookingId: 'b1' }, headers: { authorization: expect.stringMatching(/^Bearer /) } });
  });

  it('lists every line of an order of several lines, with the total (CONTRACT §8)', async () => {
    const lines = [
      { toolId: 'gasket', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 },
      { toolId: 'heater', partNumber: 'FP-DFT-8H25', name: 'Defrost Heater', quantity: 2, price: 40, lineTotal: 80 },
    ];
    const order = { ...booking, lines, lineCount: 2, total: 205, poNumber: 'PO-77' };
    answerApi({ booking: async () => order });
    await renderPage();
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

  it('shows parts, shipping, the sales tax and the total before paying (CONTRACT §15): each line’s tax too', async () => {
    const lines = [
      { toolId: 'gasket', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 },
      { toolId: 'heater', partNumber: 'FP-DFT-8H25', name: 'Defrost Heater', quantity: 2, price: 40, lineTotal: 80 },
    ];
    // 7.25% of 125 and 80, each rounded: 9.06 and 5.80; shipping untaxed in CA.
    const tax = taxFixture({
      lines: [
        { lineId: '0', amount: 9.06 },
        { lineId: '1', amount: 5.8 },
      ],
    });
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amount: 24.5 };
    const order = withTax({ ...booking, lines, lineCount: 2, total: 244.36, shipping } as Booking, tax);
    answerApi({ booking: async () => order });
    await renderPage();
    const rows = await screen.findAllByTestId('payment-line');
    expect(rows.map((r) => within(r).getByTestId('line-tax').textContent)).toEqual(['$9.06', '$5.80']);
    expect(amountsOf(screen.getByTestId('payment-amounts'))).toBe('Parts $205.00 · Shipping $24.50 · Sales tax (CA 7.25%) $14.86 · Total $244.36');
    cleanup();
    // One line, to a state where no tax is collected: the row says so.
    answerApi({
      booking: async () =>
        withTax({ ...booking, shipping, total: 149.5 }, taxFixture({ lines: [{ lineId: '0', amount: 0 }], reason: 'not_collecting', state: 'OR', rate: null })),
    });
    await renderPage();
    expect(amountsOf(await screen.findByTestId('payment-amounts'))).toBe(
      'Parts $125.00 · Shipping $24.50 · No sales tax collected for OR $0.00 · Total $149.50',
    );
  });

  it('keeps Pay disabled until the client secret has arrived', async () => {
    let resolve: ((v: Answered) => void) | undefined;
    answerApi({ intent: () => new Promise<Answered>((r) => (resolve = r)) });
    await renderPage();
    await screen.findByLabelText('Card number');
    expect(payButton()).toBeDisabled();
    expect(screen.getByText('Preparing your payment…')).toBeInTheDocument();
    // The card form may show before the page has asked for the intent: wait for the request.
    await waitFor(() => expect(resolve).toBeDefined());
    resolve!({ clientSecret: SECRET });
    await waitFor(() => expect(payButton()).toBeEnabled());
  });

  it('pays with 4242…: confirms at the double with pm_card_visa, records the payment and shows the transaction id', async () => {
    answerApi();
    doubleAnswers(200, { id: 'pi_123', object: 'payment_intent', status: 'succeeded' });
    await renderPage();
    await fillCard('4242424242424242');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());

    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_123');
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(records()[0]).toMatchObject({ body: { transactionId: 'pi_123' } });
    // The card number went to nobody: the double got a payment method, the shop only the PaymentIntent id.
    const sent = JSON.stringify([doubleFetch.mock.calls, api.requests]);
    expect(sent).not.toMatch(/4242\s?4242/);
    expect(String((doubleFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toContain('payment_method=pm_card_visa');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('shows a decline in red and lets the customer try again with another card', async () => {
    answerApi();
    doubleAnswers(402, { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } });
    await renderPage();
    await fillCard('4000000000000002');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your card was declined.');
    // In red: the card error's class (#d32f2f, the shop's error red). jsdom applies no CSS modules, so
    // the colour itself is checked in a real browser by tests/e2e/payment.spec.ts.
    expect(alert).toHaveClass(formCss.error);
    expect(records()).toHaveLength(0);
    expect(String((doubleFetch.mock.calls[0] as unknown as [string, RequestInit])[1].body)).toContain('payment_method=pm_card_chargeDeclined');

    doubleAnswers(200, { id: 'pi_123', status: 'succeeded' });
    const number = screen.getByLabelText('Card number');
    await userEvent.clear(number);
    await userEvent.type(number, '4242424242424242');
    await userEvent.click(payButton());
    expect(await screen.findByText('Congrats! Your payment is completed.')).toBeInTheDocument();
    // The same client secret is reused: one PaymentIntent per booking.
    expect(intents()).toHaveLength(1);
  });

  it('refuses a number that is not a test card in the browser, without asking anyone', async () => {
    answerApi();
    await renderPage();
    await fillCard('4111111111111111');
    await waitFor(() => expect(payButton()).toBeEnabled());
    await userEvent.click(payButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card number is incorrect.');
    expect(screen.getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Card number')).toHaveFocus();
    expect(doubleFetch).not.toHaveBeenCalled();
  });

  it('pays once however often Pay is pressed while paying', async () => {
    answerApi();
    let finish!: () => void;
    doubleFetch.mockImplementation(
      () => new Promise((r) => (finish = () => r(new Response(JSON.stringify({ id: 'pi_123', status: 'succeeded' }), { status: 200 })))),
    );
    await renderPage();
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
    expect(records()).toHaveLength(1);
  });

  it('when recording fails after the provider took the payment, says it went through and never asks to pay again', async () => {
    answerApi({ record: async () => failure('conflict', 'not confirmed yet') });
    doubleAnswers(200, { id: 'pi_123', status: 'succeeded' });
    await renderPage();
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
    answerApi({ booking: async () => failure(code as ErrorCode, 'That could not be found.') });
    await renderPage();
    expect(await screen.findByText('We could not find this order among your orders.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(intents()).toHaveLength(0);
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
    answerApi({ booking: async () => ({ ...booking, ...patch }) });
    await renderPage();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(intents()).toHaveLength(0);
  });

  it("a booking paid, cancelled or expired meanwhile (409 on the PaymentIntent) shows the server's reason", async () => {
    answerApi({ intent: async () => failure('conflict', 'This booking is already paid.') });
    await renderPage();
    expect(await screen.findByText('This order can not be paid right now.')).toBeInTheDocument();
    expect(screen.getByText(/This booking is already paid\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('a failed load offers a retry', async () => {
    let fail = true;
    answerApi({ booking: async () => (fail ? unreachable() : booking) });
    await renderPage();
    expect(await screen.findByText(/This order could not be loaded/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Hello, Casey Jones')).toBeInTheDocument();
  });
});
