import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Cart, CartLine } from '@fridgeparts/common/cart';
import { NO_COMPANY } from '@fridgeparts/common/company';
import type { MyCompany } from '@fridgeparts/common/company.answers';
import type { MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { failure, fakeApi, json, unreachable, type ApiRequest, type Reply } from '../../../test-support/fake-api';
import { amountsOf, taxFixture, withTax } from '../../../test-support/amounts';
import {
  bookingFixture,
  cartLineFixture,
  compressorCartLineFixture,
  FIXTURE_ADDRESS,
  myCompanyFixture,
  SHIPPING_OPTIONS_FIXTURE,
} from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';
import { createQueryClient } from '../../../lib/infra/query-client';
import { MESSAGES } from '@fridgeparts/common/messages';
import { notify } from '../../../test-support/toast';
import { CORE_DEPOSIT_LABEL } from '@fridgeparts/common/returns/returns';

const api = fakeApi();
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const { CartCheckout } = await import('./cart-checkout');

/** A line of the cart (test-support/fixtures.ts). */
const line = cartLineFixture;
const CA_TAX = taxFixture({
  lines: [
    { lineId: 'gasket', amount: 1.81 },
    { lineId: 'heater', amount: 14.5 },
  ],
});
function cartOf(lines: CartLine[]): Cart {
  return {
    lines,
    lineCount: lines.length,
    total: lines.reduce((s, l) => s + (l.lineTotal ?? 0), 0),
    ready: lines.length > 0 && lines.every((l) => !l.problem),
    updatedAt: '2026-11-25T12:00:00.000Z',
    version: '1',
    tax: null,
  };
}
const TWO = cartOf([
  line(),
  line({
    toolId: 'heater',
    partNumber: 'FP-DFT-8H25',
    name: 'Defrost Heater',
    quantity: 5,
    price: 40,
    lineTotal: 200,
    resolvedFrom: { number: 'FP-DFT-6H21', kind: 'discontinued' },
  }),
]);

/** An answer of the cart's API: the thing answered (200), or the API's own answer (a refusal). */
type Answered = Cart | Booking | Reply;
const reply = (a: Answered): Reply => ('status' in a && typeof a.status === 'number' ? (a as Reply) : json(a));

interface Fakes {
  cart?: () => Promise<Answered>;
  /** PUT /cart: the body and the If-Match it came with. */
  put?: (body: { lines: unknown[] }, ifMatch: string | undefined) => Promise<Answered>;
  /** POST /booking/checkout: the body and the If-Match it came with. */
  checkout?: (body: unknown, ifMatch: string | undefined) => Promise<Answered>;
  /** GET /me/company: the buyer's company, or none (three nulls); or an answer the test holds back. */
  company?: MyCompany | null | Promise<MyCompany>;
}
/** The API this page talks to, answered at fetch (and every request held to the route table). */
function answerApi({
  company = null,
  cart = async () => TWO,
  put = async () => TWO,
  checkout = async () => bookingFixture({ _id: 'b9', orderNumber: 'FP-2026-000009', lineCount: 2 }),
}: Fakes = {}) {
  const ifMatch = (r: ApiRequest) => r.headers['if-match'];
  api
    .on('GET', API.cart, async () => reply(await cart()))
    .on('PUT', API.cart, async (r) => reply(await put(r.body as { lines: unknown[] }, ifMatch(r))))
    .on('POST', API.checkout, async (r) => reply(await checkout(r.body, ifMatch(r))))
    .on('GET', API.myCompany, async () => json(company ? await company : NO_COMPANY))
    // A member's contract prices for the cart's tools: none here, the list prices hold.
    .on('GET', API.myPrices, json<MyPrices>({ prices: [] }))
    .on('GET', API.myBookings(CASEY.email), json([bookingFixture({ phone: '+1 555 010 2030', address: '1 Cold Street', shippingAddress: FIXTURE_ADDRESS })]))
    .on('GET', '/shipping/options', json(SHIPPING_OPTIONS_FIXTURE));
}

function PaymentProbe() {
  return <p>Payment for {useParams().id}</p>;
}
function OrderProbe() {
  return <p>Order page of {useParams().id}</p>;
}
function show() {
  return renderSignedIn(
    <Routes>
      <Route path="/dashboard/cart" element={<CartCheckout />} />
      <Route path="/dashboard/payment/:id" element={<PaymentProbe />} />
      <Route path="/dashboard/order/:id" element={<OrderProbe />} />
    </Routes>,
    { at: '/dashboard/cart' },
  );
}

describe('CartCheckout', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('lists each line in named columns with the total, and prefills phone and address from the last order', async () => {
    answerApi();
    await show();
    const rows = await screen.findAllByTestId('cart-line');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText('FP-DFT-8H25')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Defrost Heater' })).toHaveAttribute('href', '/purchaseorder/heater');
    // Added by the number of the part it replaces: the line says so; a line added by its own number says nothing.
    expect(within(rows[1]!).getByTestId('line-ordered-as')).toHaveTextContent('Ordered as FP-DFT-6H21 (replaced by this part)');
    expect(within(rows[0]!).queryByTestId('line-ordered-as')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByText('$40.00')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('$200.00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Unit price' })).toBeInTheDocument();
    expect(screen.getByTestId('amount-parts')).toHaveTextContent('$225.00');
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
    expect(screen.getByLabelText(/^Address line 1/)).toHaveValue(FIXTURE_ADDRESS.line1);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeEnabled();
  });

  it('a line with a core deposit (decision 0088) says it under the part; a line without one says nothing of it', async () => {
    const compressor = compressorCartLineFixture();
    answerApi({ cart: async () => cartOf([line(), compressor]) });
    await show();
    const rows = await screen.findAllByTestId('cart-line');
    expect(within(rows[1]!).getByTestId('cart-line-core-deposit')).toHaveTextContent(`${CORE_DEPOSIT_LABEL}: $75.00`);
    expect(within(rows[0]!).queryByTestId('cart-line-core-deposit')).toBeNull();
  });

  it('shows the core deposits (decision 0088) in a row of their own, counted with their tax in the total the order charges', async () => {
    const compressor = compressorCartLineFixture();
    const cart = cartOf([line(), compressor]);
    answerApi({ cart: async () => cart });
    // GET /cart's tax, the deposit its own line item (7.25% of 25, 310 and 75: 1.81, 22.48, 5.44).
    const tax = taxFixture({
      amount: 29.73,
      lines: [
        { lineId: 'gasket', amount: 1.81 },
        { lineId: 'cmp', amount: 22.48 },
        { lineId: 'cmp-core', amount: 5.44 },
      ],
    });
    api.on('GET', '/cart?country=US&region=CA&postalCode=94607', json(withTax(cart, tax)));
    await show();
    await waitFor(() =>
      expect(amountsOf(screen.getByTestId('checkout-total'))).toBe(
        'Parts $335.00 · Core deposits (refundable) $75.00 · Shipping Free · Sales tax (CA 7.25%) $29.73 · Total $439.73',
      ),
    );
    expect(screen.getByTestId('amount-core-deposits-label')).toHaveTextContent('Core deposits (refundable)');
    expect(screen.getByTestId('checkout-note')).toHaveTextContent('2 lines, $439.73 with shipping and sales tax');
  });

  it('shows no core deposits row when no line has one', async () => {
    answerApi();
    await show();
    expect(await screen.findByTestId('amount-parts')).toHaveTextContent('$225.00');
    expect(screen.queryByTestId('amount-core-deposits')).not.toBeInTheDocument();
  });

  it('PUTs the whole cart when a quantity changes, and shows the answer (price break, problem) on its line', async () => {
    const answer = cartOf([line({ quantity: 120, price: 2, lineTotal: 240, problem: 'Only 100 available' }), TWO.lines[1]!]);
    const put = vi.fn(async () => answer);
    answerApi({ put });
    await show();
    const quantity = await screen.findByLabelText('Quantity of Door Gasket');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '120{Enter}');
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(
        {
          lines: [
            { toolId: 'gasket', quantity: 120 },
            { toolId: 'heater', quantity: 5 },
          ],
        },
        '"1"',
      ),
    );
    const row = (await screen.findAllByTestId('cart-line'))[0]!;
    await waitFor(() => expect(within(row).getByTestId('cart-line-problem')).toHaveTextContent('Only 100 available'));
    expect(within(row).getByText('$2.00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    expect(screen.getByTestId('checkout-note')).toHaveTextContent('Fix the lines marked');
  });

  it('removes a line, named in its button, by PUTting the cart without it', async () => {
    const put = vi.fn(async () => cartOf([TWO.lines[0]!]));
    answerApi({ put });
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Defrost Heater from the cart' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith({ lines: [{ toolId: 'gasket', quantity: 10 }] }, '"1"'));
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(1));
  });

  it('shows a line whose tool is gone with its problem, and leaves it out of the next change (the server would refuse it)', async () => {
    const gone = line({
      toolId: 'old',
      name: null,
      partNumber: null,
      price: null,
      lineTotal: null,
      problem: 'This part is no longer in the catalogue. Remove it from your cart.',
    });
    const put = vi.fn(async () => cartOf([TWO.lines[0]!]));
    answerApi({ cart: async () => cartOf([gone, TWO.lines[0]!]), put });
    await show();
    const rows = await screen.findAllByTestId('cart-line');
    expect(within(rows[0]!).getByText('No longer in the catalogue')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('cart-line-problem')).toHaveTextContent('This part is no longer in the catalogue.');
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Remove the part no longer in the catalogue from the cart' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith({ lines: [{ toolId: 'gasket', quantity: 10 }] }, expect.anything()));
  });

  it('counts in Parts only the lines the order would take, as the tax and total do, and says how many it leaves out', async () => {
    // The heater asks for more than the stock and is not backordered; the gasket is discontinued: the server refuses both.
    const refused = cartOf([
      TWO.lines[0]!,
      { ...TWO.lines[1]!, quantity: 8, lineTotal: 320, problem: 'Only 5 available' },
      line({ toolId: 'fan', partNumber: 'FP-FAN-1', name: 'Condenser Fan', quantity: 1, price: 90, lineTotal: 90, problem: 'This part is discontinued.' }),
    ]);
    answerApi({ cart: async () => refused });
    // The tax of the one line checkout would order, as GET /cart answers it (functions tax/cart-tax.ts).
    api.on(
      'GET',
      '/cart?country=US&region=CA&postalCode=94607',
      json(withTax(refused, taxFixture({ amount: 1.81, lines: [{ lineId: 'gasket', amount: 1.81 }] }))),
    );
    await show();
    await waitFor(() =>
      expect(amountsOf(screen.getByTestId('checkout-total'))).toBe('Parts $25.00 · Shipping Free · Sales tax (CA 7.25%) $1.81 · Total $26.81'),
    );
    // Not the $435.00 the three lines' prices come to (Cart.total).
    expect(screen.getByTestId('amount-parts-note')).toHaveTextContent('2 lines left out');
    expect(screen.getAllByTestId('cart-line-problem').map((p) => p.textContent)).toEqual(['Only 5 available', 'This part is discontinued.']);
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('says nothing is left out when every line can be ordered', async () => {
    answerApi();
    await show();
    expect(await screen.findByTestId('amount-parts')).toHaveTextContent('$225.00');
    expect(screen.queryByTestId('amount-parts-note')).not.toBeInTheDocument();
  });

  it('shows an empty cart with the way to the catalogue, and no checkout', async () => {
    answerApi({ cart: async () => cartOf([]) });
    await show();
    expect(await screen.findByText('Your cart is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/purchaseorder');
    expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
  });

  it('says when the cart could not be read, and reads it again on Try again', async () => {
    let fail = true;
    answerApi({ cart: async () => (fail ? unreachable() : TWO) });
    await show();
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the shop.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('cart-line')).toHaveLength(2);
  });

  it('marks the lines a refused checkout names and says so', async () => {
    answerApi({
      checkout: async () => failure('invalid-argument', 'Some lines can not be booked.', { 'lines.1.quantity': 'Only 3 available' }),
    });
    await show();
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    const rows = await screen.findAllByTestId('cart-line');
    await waitFor(() => expect(within(rows[1]!).getByTestId('cart-line-problem')).toHaveTextContent('Only 3 available'));
    expect(within(rows[0]!).getByText('OK')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledWith('Some lines can not be booked. The lines marked in the cart stop this order.');
  });

  it('books the cart with the PO number and opens the new order’s Payment page', async () => {
    const checkout = vi.fn(async () => bookingFixture({ _id: 'b9', orderNumber: 'FP-2026-000009', lineCount: 2 }));
    answerApi({ checkout });
    await show();
    await waitFor(() => expect(screen.getByLabelText(/^Address line 1/)).toHaveValue(FIXTURE_ADDRESS.line1));
    await screen.findByRole('radio', { name: /UPS Ground/ });
    await userEvent.type(screen.getByLabelText(/PO number/), 'PO-77');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('Payment for b9')).toBeInTheDocument();
    expect(checkout).toHaveBeenCalledWith(
      { phone: '+1 555 010 2030', shippingAddress: FIXTURE_ADDRESS, shippingMethodId: 'ups-ground', poNumber: 'PO-77' },
      '"1"',
    );
    expect(notify.success).toHaveBeenCalledWith('Order FP-2026-000009 placed: 2 lines. Pay for it here.');
    // Someone in no company (GET /me/company: three nulls) types the address as before: no ship-to choice.
    expect(screen.queryByLabelText(/^Ship to/)).not.toBeInTheDocument();
  });

  it('offers the shipping options for the address typed, with their dates, the cheapest chosen, and the total with the one chosen (CONTRACT §14)', async () => {
    const checkout = vi.fn(async () => bookingFixture({ _id: 'b9', orderNumber: 'FP-2026-000009', lineCount: 2 }));
    answerApi({ checkout });
    // The cart's tax for the address typed (CONTRACT §15): 7.25% of 25 and 200, each rounded (1.81, 14.50).
    api.on('GET', '/cart?country=US&region=CA&postalCode=94607', json(withTax(TWO, CA_TAX)));
    await show();
    const ground = await screen.findByRole('radio', { name: /UPS Ground/ });
    expect(ground).toBeChecked();
    expect(api.sent('GET', '/shipping/options?country=US&region=CA&postalCode=94607')).not.toHaveLength(0);
    const options = screen.getByRole('group', { name: 'Shipping' });
    expect(options).toHaveTextContent('UPS Ground · UPS');
    expect(options).toHaveTextContent('Free');
    expect(options).toHaveTextContent('Arrives Dec 3 - Dec 5');
    expect(options).toHaveTextContent('Arrives Dec 2;');
    await waitFor(() =>
      expect(amountsOf(screen.getByTestId('checkout-total'))).toBe('Parts $225.00 · Shipping Free · Sales tax (CA 7.25%) $16.31 · Total $241.31'),
    );
    expect(api.sent('GET', '/cart?country=US&region=CA&postalCode=94607')).toHaveLength(1);
    expect(screen.getAllByTestId('line-tax').map((t) => t.textContent)).toEqual(['$1.81', '$14.50']);
    await userEvent.click(screen.getByRole('radio', { name: /FedEx 2Day/ }));
    // Asked again for the method chosen (not the cheapest), the tax then shows with the new total.
    await waitFor(() =>
      expect(amountsOf(screen.getByTestId('checkout-total'))).toBe('Parts $225.00 · Shipping $24.50 · Sales tax (CA 7.25%) $16.31 · Total $265.81'),
    );
    expect(screen.getByTestId('checkout-note')).toHaveTextContent('2 lines, $265.81 with shipping and sales tax');
    expect(api.sent('GET', '/cart?country=US&region=CA&postalCode=94607&shippingMethodId=fedex-2day')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() =>
      expect(checkout).toHaveBeenCalledWith({ phone: '+1 555 010 2030', shippingAddress: FIXTURE_ADDRESS, shippingMethodId: 'fedex-2day' }, '"1"'),
    );
  });

  it('says what to do when no method serves the address, and checks the address parts before sending', async () => {
    const checkout = vi.fn(async () => bookingFixture());
    answerApi({ checkout });
    api.on('GET', '/shipping/options?country=US&region=AK', json({ options: [] }));
    await show();
    await screen.findByRole('radio', { name: /UPS Ground/ });
    const region = screen.getByLabelText(/^State or region/);
    await userEvent.clear(region);
    await userEvent.type(region, 'AK');
    expect(await screen.findByTestId('no-shipping')).toHaveTextContent('No shipping method serves this address: AK 94607 US. Check the state and postal code');
    await userEvent.clear(screen.getByLabelText(/^Postal code/));
    await userEvent.type(screen.getByLabelText(/^Postal code/), '9960');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText('A US ZIP code is 5 digits (or ZIP+4), like 94607')).toBeInTheDocument();
    expect(checkout).not.toHaveBeenCalled();
  });

  describe('a company member (CONTRACT §10)', () => {
    const address = FIXTURE_ADDRESS;
    const member = (shipTo: MyCompany['company']['shipTo']): MyCompany => myCompanyFixture({ company: { shipTo } });
    const TWO_PLACES = member([
      { id: 's1', label: 'Main shop', address },
      { id: 's2', label: 'Warehouse', address: { ...address, line1: '12 Depot Road', line2: 'Dock 4' } },
    ]);

    it('chooses one of the company’s ship-to locations instead of an address, sends shipToId, and lands on the order waiting for approval', async () => {
      const checkout = vi.fn(async () => bookingFixture({ _id: 'b7', orderNumber: 'FP-2026-000007', lineCount: 2, state: 'awaiting-approval' }));
      answerApi({ company: TWO_PLACES, checkout });
      await show();
      const shipTo = await screen.findByLabelText(/^Ship to/);
      expect(screen.queryByLabelText(/^Address line 1/)).not.toBeInTheDocument();
      // Two places: none is chosen for the buyer.
      expect(shipTo).toHaveValue('');
      expect(within(shipTo).getByRole('option', { name: 'Warehouse: 12 Depot Road, Dock 4, Oakland, CA 94607, US' })).toBeInTheDocument();
      // Before the click, beside the button: the $225.00 cart, before shipping and tax, is already above
      // the buyer's $100.00 (decision 0067), said in the server's words (its words load when it shows).
      expect(await screen.findByTestId('over-limit-note')).toHaveTextContent(
        'This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet. Its total, $225.00 before sales tax, is above your limit of $100.00.',
      );
      await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
      await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await screen.findByText("Choose where this order ships: one of your company's ship-to locations")).toBeInTheDocument();
      expect(shipTo).toHaveAttribute('aria-invalid', 'true');
      expect(checkout).not.toHaveBeenCalled();

      await userEvent.selectOptions(shipTo, 's2');
      await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
      expect(await screen.findByText('Order page of b7')).toBeInTheDocument();
      expect(checkout).toHaveBeenCalledWith({ phone: '+1 555 010 2030', shipToId: 's2' }, '"1"');
      expect(notify.success).toHaveBeenCalledWith(
        'Order FP-2026-000007 placed: 2 lines. This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet.',
      );
    });

    it('judges the spending limit on the total with shipping and sales tax, as the server does, once the tax is read', async () => {
      answerApi({ company: { ...TWO_PLACES, spendingLimit: 235 } });
      api.on('GET', '/cart?shipToId=s1', json(withTax(TWO, CA_TAX)));
      await show();
      const shipTo = await screen.findByLabelText(/^Ship to/);
      // $225.00 of parts, no place yet: within $235.00, nothing said.
      expect(screen.queryByTestId('over-limit-note')).not.toBeInTheDocument();
      await userEvent.selectOptions(shipTo, 's1');
      // Free shipping and $16.31 of California tax: $241.31, above $235.00 (the parts alone are not).
      await waitFor(() => expect(screen.getByTestId('checkout-total-amount')).toHaveTextContent('$241.31'));
      expect(screen.getByTestId('over-limit-note')).toHaveTextContent(
        'This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet. Its total, $241.31 with sales tax, is above your limit of $235.00.',
      );
    });

    it('keeps the phone and PO number typed before the membership is known (the form is remade as a member’s)', async () => {
      let answer: (company: MyCompany) => void = () => undefined;
      answerApi({ company: new Promise<MyCompany>((resolve) => (answer = resolve)) });
      await show();
      const phone = await screen.findByLabelText(/^Phone/);
      await waitFor(() => expect(phone).toHaveValue('+1 555 010 2030'));
      await userEvent.clear(phone);
      await userEvent.type(phone, '555 0100');
      await userEvent.type(screen.getByLabelText(/^PO number/), 'PO-77');
      answer(member([{ id: 's1', label: 'Main shop', address }]));
      expect(await screen.findByLabelText(/^Ship to/)).toHaveValue('s1');
      expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 0100');
      expect(screen.getByLabelText(/^PO number/)).toHaveValue('PO-77');
    });

    it('stays the same form when the company is read anew after the buyer began typing (e2e: phone doubled, Ship to emptied)', async () => {
      answerApi({ company: TWO_PLACES });
      const client = createQueryClient();
      await renderSignedIn(
        <Routes>
          <Route path="/dashboard/cart" element={<CartCheckout />} />
        </Routes>,
        { at: '/dashboard/cart', client },
      );
      const shipTo = await screen.findByLabelText(/^Ship to/);
      const phone = screen.getByLabelText(/^Phone/);
      await waitFor(() => expect(phone).toHaveValue('+1 555 010 2030'));
      await userEvent.clear(phone);
      await userEvent.type(phone, '+1 555 010 4040');
      await userEvent.selectOptions(shipTo, 's2');
      // The company's answer is forgotten and asked again while the buyer is on the form; held.
      let answer: (company: MyCompany) => void = () => undefined;
      const again = new Promise<MyCompany>((resolve) => (answer = resolve));
      api.once('GET', API.myCompany, async () => json(await again));
      void client.resetQueries({ queryKey: ['companies'] });
      await waitFor(() => expect(api.sent('GET', API.myCompany)).toHaveLength(2));
      // Not remade as an address form meanwhile, nor again when the answer comes.
      expect(screen.queryByLabelText(/^Address line 1/)).not.toBeInTheDocument();
      expect(screen.getByLabelText(/^Ship to/)).toBe(shipTo);
      answer(TWO_PLACES);
      await waitFor(() => expect(client.getQueryState(['companies', 'mine', CASEY.uid])?.status).toBe('success'));
      expect(screen.getByLabelText(/^Ship to/)).toBe(shipTo);
      expect(shipTo).toHaveValue('s2');
      expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 4040');
    });

    it('preselects the only location, and shows the server’s word on shipToId at the field', async () => {
      const message = 'Northwind Refrigeration Service has no ship-to location s1 (it may have been removed): send one of s2 (Warehouse).';
      const checkout = vi.fn(async () => failure('invalid-argument', message, { shipToId: message }));
      answerApi({ company: member([{ id: 's1', label: 'Main shop', address }]), checkout });
      await show();
      const shipTo = await screen.findByLabelText(/^Ship to/);
      expect(shipTo).toHaveValue('s1');
      await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
      // The options of the ship-to (GET /shipping/options?shipToId=s1), the cheapest chosen.
      expect(await screen.findByRole('radio', { name: /UPS Ground/ })).toBeChecked();
      expect(api.sent('GET', '/shipping/options?shipToId=s1')).not.toHaveLength(0);
      await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
      await waitFor(() => expect(shipTo).toHaveAccessibleDescription(message));
      expect(shipTo).toHaveAttribute('aria-invalid', 'true');
      expect(checkout).toHaveBeenCalledWith({ phone: '+1 555 010 2030', shipToId: 's1', shippingMethodId: 'ups-ground' }, '"1"');
      expect(screen.queryByText(/Order page of|Payment for/)).not.toBeInTheDocument();
    });

    describe('on Net 30 terms (decision 0063)', () => {
      const NET30: MyCompany = {
        ...TWO_PLACES,
        company: { ...TWO_PLACES.company, terms: 'net30', creditLimit: 25_000, openInvoiceTotal: 24_900.1 },
        spendingLimit: 500,
      };

      it('says the order goes on account with the credit left, places it "on account" and lands on its order page', async () => {
        const checkout = vi.fn(async () =>
          bookingFixture({
            _id: 'b8',
            orderNumber: 'FP-2026-000008',
            lineCount: 2,
            state: 'confirmed',
            payment: { method: 'invoice', invoiceId: null, number: null, hostedInvoiceUrl: null, dueDate: null, status: 'pending' },
          }),
        );
        answerApi({ company: NET30, checkout });
        await show();
        const shipTo = await screen.findByLabelText(/^Ship to/);
        // Its words load when it shows (the route's JS budget).
        expect(await screen.findByRole('note')).toHaveTextContent('Pay on account: Net 30 invoice to Northwind Refrigeration Service');
        expect(screen.getByTestId('on-account-credit')).toHaveTextContent('$99.90 of $25,000.00 credit left');
        // The spending limit is said where it applies, by the order's own total (OverLimitNotice), not as a rule here.
        expect(screen.getByTestId('on-account-note')).not.toHaveTextContent('spending limit');
        // $225.00 is within the buyer's $500.00: placing it confirms it.
        expect(screen.getByTestId('on-account-note')).toHaveTextContent('the order is confirmed when you place it');
        expect(screen.queryByTestId('over-limit-note')).not.toBeInTheDocument();
        expect(screen.getByTestId('checkout-note')).toHaveTextContent("booked as one order on your company's account");
        await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
        await userEvent.selectOptions(shipTo, 's1');
        await userEvent.click(screen.getByRole('button', { name: 'Place order on account' }));
        expect(await screen.findByText('Order page of b8')).toBeInTheDocument();
        expect(checkout).toHaveBeenCalledWith(expect.objectContaining({ phone: '+1 555 010 2030', shipToId: 's1' }), '"1"');
        expect(notify.success).toHaveBeenCalledWith('Order FP-2026-000008 confirmed on account: 2 lines. Its invoice goes to your company.');
      });

      it('shows the credit-limit refusal in the form, beside the credit left, and reads the company again', async () => {
        const message =
          "This order of $225.00 would pass your company's credit limit of $25,000.00: $24,900.10 is open in unpaid invoices, so at most $99.90 more can be ordered on account. Pay an open invoice or ask the shop to raise the limit, then order again.";
        const checkout = vi.fn(async () => failure('conflict', message));
        answerApi({ company: NET30, checkout });
        await show();
        await userEvent.selectOptions(await screen.findByLabelText(/^Ship to/), 's2');
        await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
        const reads = api.sent('GET', API.myCompany).length;
        await userEvent.click(screen.getByRole('button', { name: 'Place order on account' }));
        const alert = await screen.findByRole('alert');
        expect(alert).toHaveTextContent("Over your company's credit limit");
        expect(screen.getByTestId('on-account-refusal')).toHaveTextContent(message);
        expect(notify.error).not.toHaveBeenCalled();
        await waitFor(() => expect(api.sent('GET', API.myCompany).length).toBeGreaterThan(reads));
        expect(screen.queryByText(/Order page of|Payment for/)).not.toBeInTheDocument();
      });
    });
  });

  /** The cart as another tab left it: a third line, and a new version. */
  const MOVED = {
    ...cartOf([...TWO.lines, line({ toolId: 'fan', partNumber: 'FP-FAN-1', name: 'Condenser Fan', quantity: 1, price: 90, lineTotal: 90 })]),
    version: '2',
  };
  const moved = async (): Promise<Answered> => failure('precondition-failed', MESSAGES.cartMoved, undefined, { cart: MOVED });

  it('a change refused because the cart changed in another tab (412) shows the cart as it is now and says so; the next change clears it', async () => {
    let answer: () => Promise<Answered> = moved;
    const put = vi.fn(() => answer());
    answerApi({ put });
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Defrost Heater from the cart' }));
    expect(await screen.findByTestId('cart-moved')).toHaveTextContent(MESSAGES.cartMoved);
    expect(screen.getByRole('alert')).toHaveTextContent('Your cart changed elsewhere');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'Condenser Fan' })).toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
    // The buyer acts on the cart now: the change is sent with the version just shown.
    answer = async () => ({ ...cartOf(MOVED.lines.slice(1)), version: '3' });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Door Gasket from the cart' }));
    await waitFor(() =>
      expect(put).toHaveBeenLastCalledWith(
        {
          lines: [
            { toolId: 'heater', quantity: 5 },
            { toolId: 'fan', quantity: 1 },
          ],
        },
        '"2"',
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('cart-moved')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('cart-line')).toHaveLength(2);
  });

  it('a checkout refused because the cart changed meanwhile (412) books nothing, shows the cart now and says so', async () => {
    const checkout = vi.fn(moved);
    answerApi({ checkout });
    await show();
    await waitFor(() => expect(screen.getByLabelText(/^Address line 1/)).toHaveValue(FIXTURE_ADDRESS.line1));
    await screen.findByRole('radio', { name: /UPS Ground/ });
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByTestId('cart-moved')).toHaveTextContent(MESSAGES.cartMoved);
    expect(checkout).toHaveBeenCalledWith({ phone: '+1 555 010 2030', shippingAddress: FIXTURE_ADDRESS, shippingMethodId: 'ups-ground' }, '"1"');
    await waitFor(() => expect(screen.getAllByTestId('cart-line')).toHaveLength(3));
    expect(screen.getByTestId('amount-parts')).toHaveTextContent('$315.00');
    expect(screen.queryByText(/Payment for/)).not.toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });
});
