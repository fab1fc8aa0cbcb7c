import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { Tool } from '@fridgeparts/common/tool';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { NO_COMPANY } from '@fridgeparts/common/company';
import type { MyCompany } from '@fridgeparts/common/company.answers';
import { API } from '@fridgeparts/common/api-paths';
import type { MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { failure, fakeApi, json } from '../../../test-support/fake-api';
import { bookingFixture, FIXTURE_ADDRESS, myCompanyFixture, SHIPPING_OPTIONS_FIXTURE } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

const api = fakeApi();
/** GET /me/company: the caller's company, or none (three nulls), apart from the requests each test checks. */
let myCompany: MyCompany | null | Promise<MyCompany> = null;
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const { default: BookingModal } = await import('./booking-modal');

/** The caller's last booking, which the modal reads to prefill phone and address. */
const LAST = API.myBookings(CASEY.email);
const booked = () => api.sent('POST', API.booking).map((r) => r.body);

const tool: Tool = sampleTool('door-gasket', {
  name: 'Door Gasket',
  description: 'Seal',
  image: '/images/tools/door-gasket.svg',
  price: 12.5,
  minimumQuantity: 10,
  availableQuantity: 40,
  partNumber: 'FP-TEST-001',
});

const TOLEDO = { line1: '9 Freezer Row', line2: '', city: 'Toledo', region: 'OH', postalCode: '43604', country: 'US' };

/** The structured address (decision 0076): FIXTURE_ADDRESS, typed part by part. */
async function typeAddress() {
  await userEvent.type(screen.getByLabelText(/^Address line 1/), FIXTURE_ADDRESS.line1);
  await userEvent.type(screen.getByLabelText(/^City/), FIXTURE_ADDRESS.city);
  await userEvent.type(screen.getByLabelText(/^State or region/), FIXTURE_ADDRESS.region);
  await userEvent.type(screen.getByLabelText(/^Postal code/), FIXTURE_ADDRESS.postalCode);
}

describe('BookingModal', () => {
  afterEach(cleanup);

  beforeEach(() => {
    myCompany = null;
    // The modal asks for the last booking to prefill phone and address: none by default.
    api
      .on('GET', LAST, json([]))
      .on('GET', API.myCompany, async () => json(myCompany ? await myCompany : NO_COMPANY))
      .on('GET', API.myPrices, json<MyPrices>({ prices: [] }))
      .on('GET', '/shipping/options', json(SHIPPING_OPTIONS_FIXTURE));
  });

  it('prefills name and email read-only and the quantity with the minimum', async () => {
    await renderSignedIn(<BookingModal tool={tool} open onClose={vi.fn()} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Casey');
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email')).toHaveValue('casey@example.test');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/Quantity/)).toHaveValue(10);
  });

  it('toasts the spec message and disables submit while the quantity is out of range', async () => {
    await renderSignedIn(<BookingModal tool={tool} open onClose={vi.fn()} />);
    const quantity = screen.getByLabelText(/Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '41');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.quantityOutOfRange));
    expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.quantityOutOfRange)).toBeInTheDocument();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '12');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled());
    // Corrected: the error toast is taken away (on a phone it covered Book Now).
    expect(notify.dismiss).toHaveBeenLastCalledWith(MESSAGES.quantityOutOfRange);
  });

  it('sends only tool, quantity and contact, then toasts and closes', async () => {
    api.on('POST', API.booking, json(bookingFixture({ _id: 'b1' })));
    const onClose = vi.fn();
    await renderSignedIn(<BookingModal tool={tool} open onClose={onClose} />);
    await userEvent.clear(screen.getByLabelText(/Quantity/));
    await userEvent.type(screen.getByLabelText(/Quantity/), '12');
    await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 010 2030');
    await typeAddress();
    // The options for 12 of this part to Oakland (CONTRACT §14), the cheapest chosen, the total with it.
    expect(await screen.findByRole('radio', { name: /UPS Ground/ })).toBeChecked();
    expect(api.sent('GET', '/shipping/options?country=US&region=CA&postalCode=94607&lines=door-gasket%3A12')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('radio', { name: /FedEx 2Day/ }));
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$12.50 per unit · Shipping $24.50 · Total before sales tax: $174.50');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() =>
      expect(booked()).toEqual([
        { toolId: 'door-gasket', quantity: 12, phone: '+1 555 010 2030', shippingAddress: FIXTURE_ADDRESS, shippingMethodId: 'fedex-2day' },
      ]),
    );
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.bookingAdded);
    expect(onClose).toHaveBeenCalled();
  });

  it('beyond the stock offers "Backorder the rest"; ticked, the quantity is allowed, the modal says how many wait and when, and sends backorder: true', async () => {
    // A delivery far ahead, so the day does not follow the test's clock.
    const short: Tool = { ...tool, restock: [{ quantity: 100, expectedOn: '2099-12-14' }] };
    api.on('POST', API.booking, json(bookingFixture({ _id: 'b9' })));
    await renderSignedIn(<BookingModal tool={short} open onClose={vi.fn()} />);
    // Within the stock: no tick.
    expect(screen.queryByRole('checkbox', { name: 'Backorder the rest' })).toBeNull();
    const quantity = screen.getByLabelText(/Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '46');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled());
    const tick = screen.getByRole('checkbox', { name: 'Backorder the rest' });
    expect(tick).not.toBeChecked();
    expect(screen.queryByTestId('booking-backordered')).toBeNull();
    await userEvent.click(tick);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeEnabled());
    expect(screen.getByTestId('booking-backordered')).toHaveTextContent('6 backordered, expected Dec 14');
    expect(screen.queryByText(MESSAGES.quantityOutOfRange)).toBeNull();
    expect(quantity).toHaveAccessibleDescription(/At least 10; 40 in stock, the rest backordered/);
    await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 010 2030');
    await typeAddress();
    await screen.findByRole('radio', { name: /UPS Ground/ });
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() =>
      expect(booked()).toEqual([
        { toolId: 'door-gasket', quantity: 46, phone: '+1 555 010 2030', shippingAddress: FIXTURE_ADDRESS, shippingMethodId: 'ups-ground', backorder: true },
      ]),
    );
  });

  it('a discontinued part is never offered the backorder', async () => {
    const gone: Tool = { ...tool, availability: { ...tool.availability, status: 'discontinued' } };
    await renderSignedIn(<BookingModal tool={gone} open onClose={vi.fn()} />);
    const quantity = screen.getByLabelText(/Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '46');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Now' })).toBeDisabled());
    expect(screen.queryByRole('checkbox', { name: 'Backorder the rest' })).toBeNull();
  });

  it('prefills phone and address from the last booking, shows the price break reached, and sends the PO number', async () => {
    const bulk: Tool = { ...tool, priceBreaks: [{ minQuantity: 20, price: 11 }] };
    api
      .on('GET', LAST, json([bookingFixture({ phone: '+1 555 010 9999', address: '9 Freezer Row, Toledo', shippingAddress: TOLEDO })]))
      .on('POST', API.booking, json(bookingFixture({ _id: 'b2' })));
    await renderSignedIn(<BookingModal tool={bulk} open onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByLabelText(/Phone/)).toHaveValue('+1 555 010 9999'));
    expect(screen.getByLabelText(/^Address line 1/)).toHaveValue('9 Freezer Row');
    expect(screen.getByLabelText(/^City/)).toHaveValue('Toledo');
    expect(api.sent('GET', LAST)).toEqual([
      expect.objectContaining({
        path: '/booking?email=casey%40example.test&limit=1',
        headers: expect.objectContaining({ authorization: expect.stringMatching(/^Bearer /) }),
      }),
    ]);
    await screen.findByRole('radio', { name: /UPS Ground/ });
    expect(screen.getByTestId('booking-total')).toHaveTextContent('$12.50 per unit · Shipping Free · Total before sales tax: $125.00');
    await userEvent.clear(screen.getByLabelText(/Quantity/));
    await userEvent.type(screen.getByLabelText(/Quantity/), '20');
    await waitFor(() => expect(screen.getByTestId('booking-total')).toHaveTextContent('$11.00 per unit · Shipping Free · Total before sales tax: $220.00'));
    await userEvent.type(screen.getByLabelText(/PO number/), 'PO-7781');
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() =>
      expect(booked()).toEqual([
        { toolId: 'door-gasket', quantity: 20, phone: '+1 555 010 9999', shippingAddress: TOLEDO, shippingMethodId: 'ups-ground', poNumber: 'PO-7781' },
      ]),
    );
  });

  it('a reorder starts from the earlier booking and does not look up the last one', async () => {
    await renderSignedIn(
      <BookingModal tool={tool} open onClose={vi.fn()} initial={{ quantity: 14, phone: '+1 555 010 1111', address: '3 Ice Road', poNumber: 'JOB-4' }} />,
    );
    expect(screen.getByLabelText(/Quantity/)).toHaveValue(14);
    expect(screen.getByLabelText(/Phone/)).toHaveValue('+1 555 010 1111');
    expect(screen.getByLabelText(/PO number/)).toHaveValue('JOB-4');
    expect(api.sent('GET', LAST)).toEqual([]);
  });

  it('stays open when the server refuses (its message is toasted by the API client)', async () => {
    api.on('POST', API.booking, failure('invalid-argument', MESSAGES.quantityOutOfRange));
    const onClose = vi.fn();
    await renderSignedIn(<BookingModal tool={tool} open onClose={onClose} />);
    await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 010 2030');
    await typeAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.quantityOutOfRange));
    expect(booked()).toHaveLength(1);
    expect(onClose).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  describe('a company member (decision 0063)', () => {
    const member = (terms: 'card' | 'net30'): MyCompany =>
      myCompanyFixture({
        company: {
          shipTo: [
            { id: 's1', label: 'Main shop', address: FIXTURE_ADDRESS },
            { id: 's2', label: 'Depot', address: { ...FIXTURE_ADDRESS, line1: '12 Depot Road' } },
          ],
          terms,
          creditLimit: terms === 'net30' ? 25_000 : null,
          openInvoiceTotal: 1_000,
        },
        spendingLimit: null,
      });

    it('chooses a ship-to location instead of an address and sends shipToId; card terms show no account note', async () => {
      myCompany = member('card');
      api.on('POST', API.booking, json(bookingFixture({ _id: 'b3' })));
      await renderSignedIn(<BookingModal tool={tool} open onClose={vi.fn()} />);
      const shipTo = await screen.findByLabelText(/^Ship to/);
      expect(screen.queryByLabelText(/^Address line 1/)).not.toBeInTheDocument();
      expect(screen.queryByRole('note')).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 010 2030');
      await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      // Two locations: the buyer must choose one.
      expect(await screen.findByText("Choose where this order ships: one of your company's ship-to locations")).toBeInTheDocument();
      await userEvent.selectOptions(shipTo, 's2');
      await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
      await waitFor(() => expect(booked()).toEqual([{ toolId: 'door-gasket', quantity: 10, phone: '+1 555 010 2030', shipToId: 's2' }]));
    });

    it("says before the click that a total above the member's spending limit waits for approval, that one near it may with the tax, and nothing well within", async () => {
      myCompany = { ...member('card'), spendingLimit: 150 };
      await renderSignedIn(<BookingModal tool={tool} open onClose={vi.fn()} />);
      await screen.findByLabelText(/^Ship to/);
      // 10 at $12.50: $125.00, within $150.00.
      expect(await screen.findByTestId('booking-total')).toHaveTextContent('Total before sales tax: $125.00');
      expect(screen.queryByTestId('over-limit-note')).not.toBeInTheDocument();
      const quantity = screen.getByLabelText(/^Quantity/);
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '20');
      // $250.00 before sales tax, already above $150.00 (decision 0067): the server's words.
      expect(await screen.findByTestId('over-limit-note')).toHaveTextContent(
        'This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet. Its total, $250.00 before sales tax, is above your limit of $150.00.',
      );
      expect(screen.queryByTestId('may-pass-limit-note')).not.toBeInTheDocument();
      // 11 at $12.50: $137.50, within $150.00 before sales tax, but not by the most tax could add
      // (the server compares the total with the tax, decision 0083).
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '11');
      expect(await screen.findByTestId('may-pass-limit-note')).toHaveTextContent(
        'Your spending limit of $150.00 is compared with the total with shipping and sales tax, and this order comes to $137.50 before sales tax.',
      );
      expect(screen.queryByTestId('over-limit-note')).not.toBeInTheDocument();
    });

    it('keeps the quantity, phone and PO number typed before the membership is known (the form is remade as a member’s)', async () => {
      let answer: (company: MyCompany) => void = () => undefined;
      myCompany = new Promise<MyCompany>((resolve) => (answer = resolve));
      await renderSignedIn(<BookingModal tool={tool} open onClose={vi.fn()} />);
      const quantity = await screen.findByLabelText(/^Quantity/);
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '20');
      await userEvent.type(screen.getByLabelText(/^Phone/), '+1 555 010 2030');
      await userEvent.type(screen.getByLabelText(/^PO number/), 'PO-7781');
      answer(member('card'));
      expect(await screen.findByLabelText(/^Ship to/)).toHaveValue('');
      expect(screen.getByLabelText(/^Quantity/)).toHaveValue(20);
      expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030');
      expect(screen.getByLabelText(/^PO number/)).toHaveValue('PO-7781');
    });

    it('on Net 30 terms books on account, and shows the credit-limit refusal inside the modal', async () => {
      myCompany = member('net30');
      const message = "This order of $125.00 would pass your company's credit limit of $25,000.00: $24,950.00 is open in unpaid invoices.";
      api.on('POST', API.booking, failure('conflict', message));
      const onClose = vi.fn();
      await renderSignedIn(<BookingModal tool={tool} open onClose={onClose} />);
      await userEvent.selectOptions(await screen.findByLabelText(/^Ship to/), 's1');
      expect(screen.getByRole('note')).toHaveTextContent('Pay on account: Net 30 invoice to Northwind Refrigeration Service');
      expect(screen.getByTestId('on-account-credit')).toHaveTextContent('$24,000.00 of $25,000.00 credit left');
      await userEvent.type(screen.getByLabelText(/Phone/), '+1 555 010 2030');
      await userEvent.click(screen.getByRole('button', { name: 'Book on account' }));
      expect(await screen.findByTestId('on-account-refusal')).toHaveTextContent(message);
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
