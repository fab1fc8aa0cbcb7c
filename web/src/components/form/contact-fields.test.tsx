import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { fakeApi, json } from '../../test-support/fake-api';
import { bookingFixture, FIXTURE_ADDRESS } from '../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../test-support/signed-in';
import { useShopForm } from './use-shop-form';

// The last order comes from the network, faked where the app meets it.
const api = fakeApi();

const { ContactFields, EMPTY_CONTACT } = await import('./contact-fields');

function Probe({ startOpen = true }: { startOpen?: boolean }) {
  const [open, setOpen] = useState(startOpen);
  const { form } = useShopForm({ defaultValues: EMPTY_CONTACT, action: async () => undefined });
  return (
    <form>
      <ContactFields form={form} prefill={open} />
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
    </form>
  );
}

describe('ContactFields', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    api.on(
      'GET',
      API.myBookings(CASEY.email),
      json([bookingFixture({ phone: '+1 555 010 2030', address: '1 Cold Street', shippingAddress: FIXTURE_ADDRESS })]),
    );
  });

  it('has Phone, the address in its parts (decision 0076) and the optional PO number, in that order, with their help and autocomplete', async () => {
    await renderSignedIn(<Probe startOpen={false} />);
    const fields = screen.getAllByRole('textbox');
    expect(fields.map((f) => f.getAttribute('name'))).toEqual([
      'phone',
      'shippingAddress.line1',
      'shippingAddress.line2',
      'shippingAddress.city',
      'shippingAddress.region',
      'shippingAddress.postalCode',
      'poNumber',
    ]);
    expect(fields.map((f) => f.getAttribute('autocomplete'))).toEqual([
      'tel',
      'shipping address-line1',
      'shipping address-line2',
      'shipping address-level2',
      'shipping address-level1',
      'shipping postal-code',
      null,
    ]);
    expect(screen.getByRole('group', { name: 'Shipping address' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toBeRequired();
    expect(screen.getByLabelText(/^Address line 1/)).toBeRequired();
    expect(screen.getByLabelText(/^Address line 2/)).not.toBeRequired();
    expect(screen.getByLabelText(/^Country/)).toHaveValue('US');
    expect(screen.getByLabelText('PO number (optional)')).toHaveAccessibleDescription('Your purchase-order or job reference, up to 35 characters');
  });

  it('prefills phone and address from the last order, leaving what was typed', async () => {
    await renderSignedIn(<Probe startOpen={false} />);
    await userEvent.type(screen.getByLabelText(/^Phone/), '555 0100');
    expect(api.requests).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(screen.getByLabelText(/^Address line 1/)).toHaveValue(FIXTURE_ADDRESS.line1));
    expect(screen.getByLabelText(/^Postal code/)).toHaveValue(FIXTURE_ADDRESS.postalCode);
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 0100');
    expect(screen.getByLabelText('PO number (optional)')).toHaveValue('');
  });

  it('never prefills the field being typed into (e2e saw the phone doubled)', async () => {
    await renderSignedIn(<Probe startOpen={false} />);
    const phone = screen.getByLabelText(/^Phone/);
    phone.focus();
    // Opened while the cursor is in the empty phone: the keys about to land are the buyer's.
    screen.getByRole('button', { name: 'Open' }).click();
    await waitFor(() => expect(screen.getByLabelText(/^Address line 1/)).toHaveValue(FIXTURE_ADDRESS.line1));
    expect(phone).toHaveFocus();
    expect(phone).toHaveValue('');
  });
});

describe('Ship complete (decision 0080)', { timeout: 15_000 }, () => {
  afterEach(cleanup);

  it('is an unticked checkbox on every order form, held in the form as shipComplete', async () => {
    api.on('GET', API.myBookings(CASEY.email), json([]));
    let read: () => unknown = () => undefined;
    function ShipProbe() {
      const { form } = useShopForm({ defaultValues: EMPTY_CONTACT, action: async () => undefined });
      read = () => form.getValues('shipComplete');
      return (
        <form>
          <ContactFields form={form} />
        </form>
      );
    }
    await renderSignedIn(<ShipProbe />);
    const box = screen.getByRole('checkbox', { name: 'Ship complete (wait for every line)' });
    expect(box).not.toBeChecked();
    expect(read()).toBe(false);
    await userEvent.click(box);
    expect(read()).toBe(true);
  });
});
