import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { ShippingMethod, ShippingMethodList } from '@fridgeparts/common/shipping/methods.answers';
import { notify } from '../../test-support/toast';
import { failure, fakeApi, held, json } from '../../test-support/fake-api';
import { renderSignedIn } from '../../test-support/signed-in';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: ShippingPage } = await import('./shipping-page');

const GROUND: ShippingMethod = {
  id: 'parcel-ground',
  name: 'UPS Ground',
  carrier: 'ups',
  zones: [{ country: 'US' }],
  rates: [{ maxSubtotal: 6000, amount: 0 }, { maxWeight: 5, amount: 12.5 }, { amount: 160 }],
  transitDays: { min: 3, max: 5 },
  freightOnly: false,
  version: '3',
  updatedAt: '2026-11-29T00:00:00.000Z',
};
const NEXT_DAY: ShippingMethod = {
  id: 'regional-next-day',
  name: 'UPS Next Day',
  carrier: 'ups',
  zones: [{ country: 'US', regions: ['TX', 'OK', 'LA'] }],
  rates: [{ maxWeight: 10, amount: 19.5 }],
  transitDays: { min: 1, max: 1 },
  freightOnly: false,
  version: '1',
  updatedAt: '2026-11-29T00:00:00.000Z',
};
const FREIGHT: ShippingMethod = {
  id: 'ltl-freight',
  name: 'Pallet freight',
  carrier: 'freight',
  zones: [{ country: 'US' }],
  rates: [{ maxWeight: 500, amount: 185 }, { amount: 420 }],
  transitDays: { min: 4, max: 7 },
  freightOnly: true,
  version: '2',
  updatedAt: '2026-11-29T00:00:00.000Z',
};
const list = (...methods: ShippingMethod[]) => json<ShippingMethodList>({ methods });

const rowOf = (name: string) => screen.getAllByTestId('shipping-method-row').find((r) => within(r).queryByText(name) !== null)!;

async function openEdit(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${name}` }));
  return screen.findByRole('dialog', { name: `Edit ${name}` });
}

describe('Shipping (the admin’s shipping methods)', () => {
  afterEach(() => {
    cleanup();
    vi.mocked(notify.success).mockClear();
    vi.mocked(notify.error).mockClear();
  });

  it('lists each method in words: zones, rates in the order tried, transit days, freight only', async () => {
    api.on('GET', API.shippingMethods, list(FREIGHT, GROUND, NEXT_DAY));
    await renderSignedIn(<ShippingPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Shipping' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Shipping/);
    const ground = await waitFor(() => rowOf('UPS Ground'));
    expect(within(ground).getByText('parcel-ground')).toBeInTheDocument();
    expect(within(ground).getByText('US (all)')).toBeInTheDocument();
    expect(
      within(ground)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['up to $6,000.00: Free', 'up to 5 lb: $12.50', 'otherwise: $160.00']);
    expect(within(ground).getByText('3-5 days')).toBeInTheDocument();
    const nextDay = rowOf('UPS Next Day');
    expect(within(nextDay).getByText('US: TX, OK, LA')).toBeInTheDocument();
    expect(
      within(nextDay)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['up to 10 lb: $19.50', 'above: not offered']);
    expect(within(nextDay).getByText('1 day')).toBeInTheDocument();
    expect(within(rowOf('Pallet freight')).getByText('Yes')).toBeInTheDocument();
    expect(api.sent('GET', API.shippingMethods)[0]?.cache).toBe('no-store');
  });

  it('shows skeleton rows while loading, then says when there is no method yet', async () => {
    const answer = held();
    api.on('GET', API.shippingMethods, answer.answer);
    await renderSignedIn(<ShippingPage />);
    expect(screen.getByRole('table', { name: 'Shipping methods' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Add a shipping method' })).toBeDisabled();
    answer.release(list());
    expect(await screen.findByText('No shipping methods yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a shipping method' })).toBeEnabled();
  });

  it('says when the list could not be read, and reads it again on Try again', async () => {
    api.once('GET', API.shippingMethods, failure('internal', 'The shop is busy'));
    await renderSignedIn(<ShippingPage />);
    expect(await screen.findByText(/The shop is busy/)).toBeInTheDocument();
    api.on('GET', API.shippingMethods, list(GROUND));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('UPS Ground')).toBeInTheDocument();
  });

  it('edits a rate and saves the whole method with If-Match, rates in their order; the row shows it saved', async () => {
    api.on('GET', API.shippingMethods, list(GROUND));
    api.on('PUT', API.shippingMethod(GROUND.id), (req) => json({ ...GROUND, ...(req.body as object), version: '4' }));
    await renderSignedIn(<ShippingPage />);
    const dialog = await openEdit('UPS Ground');
    expect(within(dialog).getByTestId('method-id')).toHaveTextContent('parcel-ground');
    const rate2 = within(dialog).getByRole('group', { name: 'Rate 2' });
    const amount = within(rate2).getByLabelText(/Amount \(USD\)/);
    expect(amount).toHaveValue('12.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '13.75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = api.sent('PUT', API.shippingMethod(GROUND.id));
    expect(sent?.headers['if-match']).toBe('"3"');
    expect(sent?.body).toEqual({
      name: 'UPS Ground',
      carrier: 'ups',
      zones: [{ country: 'US' }],
      rates: [{ maxSubtotal: 6000, amount: 0 }, { maxWeight: 5, amount: 13.75 }, { amount: 160 }],
      transitDays: { min: 3, max: 5 },
      freightOnly: false,
    });
    expect(notify.success).toHaveBeenCalledWith('UPS Ground saved.');
    expect(within(rowOf('UPS Ground')).getByText('up to 5 lb: $13.75')).toBeInTheDocument();
    // Focus back on the Edit that opened the dialog.
    expect(screen.getByRole('button', { name: 'Edit UPS Ground' })).toHaveFocus();
  });

  it('moves a rate up and down from the keyboard, focus staying with it, and adds and removes zones and rates', async () => {
    api.on('GET', API.shippingMethods, list(GROUND));
    api.on('PUT', API.shippingMethod(GROUND.id), (req) => json({ ...GROUND, ...(req.body as object), version: '4' }));
    await renderSignedIn(<ShippingPage />);
    const dialog = await openEdit('UPS Ground');
    within(dialog).getByRole('button', { name: 'Move rate 3 up' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Move rate 2 up' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    // Now first: its Up is disabled, so focus goes to its Down.
    expect(within(dialog).getByRole('button', { name: 'Move rate 1 up' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move rate 1 down' })).toHaveFocus();
    expect(within(within(dialog).getByRole('group', { name: 'Rate 1' })).getByLabelText(/Amount/)).toHaveValue('160.00');
    // Back down once: the catch-all second.
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Move rate 2 down' })).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a zone' }));
    const zone2 = within(dialog).getByRole('group', { name: 'Zone 2' });
    await userEvent.clear(within(zone2).getByLabelText(/Country/));
    await userEvent.type(within(zone2).getByLabelText(/Country/), 'ca');
    await userEvent.type(within(zone2).getByLabelText(/Regions/), 'on, qc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove rate 3' }));
    expect(within(dialog).getAllByTestId('rate-row')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PUT', API.shippingMethod(GROUND.id))).toHaveLength(1));
    expect(api.sent('PUT', API.shippingMethod(GROUND.id))[0]?.body).toMatchObject({
      zones: [{ country: 'US' }, { country: 'CA', regions: ['ON', 'QC'] }],
      rates: [{ maxSubtotal: 6000, amount: 0 }, { amount: 160 }],
    });
  });

  it('checks the form with the API’s schema before sending, and puts the server’s messages at their fields', async () => {
    api.on('GET', API.shippingMethods, list(GROUND));
    api.on(
      'PUT',
      API.shippingMethod(GROUND.id),
      failure('invalid-argument', 'Invalid input', { transitDays: 'transitDays.min can not be above transitDays.max' }),
    );
    await renderSignedIn(<ShippingPage />);
    const dialog = await openEdit('UPS Ground');
    const amount = within(within(dialog).getByRole('group', { name: 'Rate 1' })).getByLabelText(/Amount/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '1.234');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(api.sent('PUT', API.shippingMethod(GROUND.id))).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The server's message on the transit days (said of the pair, shown at the larger).
    expect(await within(dialog).findByText('transitDays.min can not be above transitDays.max')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/At most/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('explains an edit someone else saved first (412) with the current values, and saves again over them with their version', async () => {
    const theirs: ShippingMethod = { ...GROUND, rates: [{ maxSubtotal: 5000, amount: 0 }, { amount: 150 }], version: '5' };
    api.on('GET', API.shippingMethods, list(GROUND));
    api.once(
      'PUT',
      API.shippingMethod(GROUND.id),
      failure('precondition-failed', 'This shipping method was changed since you read it', undefined, { method: theirs }),
    );
    await renderSignedIn(<ShippingPage />);
    const dialog = await openEdit('UPS Ground');
    const name = within(dialog).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'UPS Ground (parcel)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Changed by someone else while you were editing');
    expect(within(dialog).getByTestId('method-conflict')).toHaveTextContent(
      'It now reads: UPS Ground (UPS); zones US (all); rates up to $5,000.00: Free; otherwise: $150.00; transit 3-5 days.',
    );
    // What this admin typed stays; the table behind already shows the method as it now is.
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('UPS Ground (parcel)');
    expect(notify.error).not.toHaveBeenCalled();

    // Use the current values: the form starts over from theirs.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use the current values' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('UPS Ground');
    expect(within(dialog).getAllByTestId('rate-row')).toHaveLength(2);
    api.on('PUT', API.shippingMethod(GROUND.id), (req) => json({ ...theirs, ...(req.body as object), version: '6' }));
    const amount = within(within(dialog).getByRole('group', { name: 'Rate 2' })).getByLabelText(/Amount/);
    await userEvent.clear(amount);
    await userEvent.type(amount, '155');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.sent('PUT', API.shippingMethod(GROUND.id));
    expect(sent.map((r) => r.headers['if-match'])).toEqual(['"3"', '"5"']);
    expect(
      within(rowOf('UPS Ground'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['up to $5,000.00: Free', 'otherwise: $155.00']);
  });

  it('says when the method was deleted meanwhile (404), keeps the form open, and reads the list again', async () => {
    api.once('GET', API.shippingMethods, list(GROUND, NEXT_DAY));
    api.on('PUT', API.shippingMethod(NEXT_DAY.id), failure('not-found', 'There is no shipping method "regional-next-day".'));
    await renderSignedIn(<ShippingPage />);
    const dialog = await openEdit('UPS Next Day');
    api.on('GET', API.shippingMethods, list(GROUND));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('There is no shipping method "regional-next-day".'));
    expect(screen.getByRole('dialog', { name: 'Edit UPS Next Day' })).toBeInTheDocument();
    await waitFor(() => expect(api.sent('GET', API.shippingMethods)).toHaveLength(2));
  });

  it('adds a method with an id made from its name (no If-Match), refusing an id that is taken', async () => {
    api.on('GET', API.shippingMethods, list(GROUND));
    api.on('PUT', API.shippingMethod('gulf-courier'), (req) => json({ ...GROUND, ...(req.body as object), id: 'gulf-courier', version: '1' }, { status: 201 }));
    await renderSignedIn(<ShippingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a shipping method' }));
    const dialog = await screen.findByRole('dialog', { name: 'New shipping method' });
    expect(within(dialog).getByLabelText(/^Name/)).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Parcel Ground');
    expect(within(dialog).getByLabelText(/^Id/)).toHaveValue('parcel-ground');
    await userEvent.type(within(dialog).getByLabelText(/At least/), '2');
    await userEvent.type(within(dialog).getByLabelText(/At most/), '4');
    await userEvent.type(within(within(dialog).getByRole('group', { name: 'Zone 1' })).getByLabelText(/Regions/), 'TX, LA');
    await userEvent.type(within(within(dialog).getByRole('group', { name: 'Rate 1' })).getByLabelText(/Amount/), '9.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    expect(await within(dialog).findByText('There is a method with the id parcel-ground already: choose another')).toBeInTheDocument();

    // A name typed after an id of one's own leaves the id alone.
    const id = within(dialog).getByLabelText(/^Id/);
    await userEvent.clear(id);
    await userEvent.type(id, 'gulf-courier');
    await userEvent.type(within(dialog).getByLabelText(/^Name/), ' (Gulf)');
    expect(id).toHaveValue('gulf-courier');
    await userEvent.selectOptions(within(dialog).getByLabelText('Carrier'), 'other');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add method' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [sent] = api.sent('PUT', API.shippingMethod('gulf-courier'));
    expect(sent?.headers).not.toHaveProperty('if-match');
    expect(sent?.body).toEqual({
      name: 'Parcel Ground (Gulf)',
      carrier: 'other',
      zones: [{ country: 'US', regions: ['TX', 'LA'] }],
      rates: [{ amount: 9.5 }],
      transitDays: { min: 2, max: 4 },
      freightOnly: false,
    });
    expect(notify.success).toHaveBeenCalledWith('Parcel Ground (Gulf) added.');
    expect(screen.getAllByTestId('shipping-method-row')).toHaveLength(2);
  });

  it('deletes a method after the confirmation, with If-Match; one changed meanwhile stays, shown as it now is', async () => {
    const changed: ShippingMethod = { ...NEXT_DAY, name: 'UPS Next Day Air', version: '2' };
    api.on('GET', API.shippingMethods, list(GROUND, NEXT_DAY));
    api.on('DELETE', API.shippingMethod(GROUND.id), json({ deletedCount: 1 }));
    api.on(
      'DELETE',
      API.shippingMethod(NEXT_DAY.id),
      failure('precondition-failed', 'This shipping method was changed since you read it', undefined, { method: changed }),
    );
    await renderSignedIn(<ShippingPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete UPS Ground' }));
    const confirm = await screen.findByRole('dialog', { name: /delete/i });
    expect(confirm).toHaveTextContent('The shipping method UPS Ground (parcel-ground)');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('UPS Ground')).toBeNull());
    expect(api.sent('DELETE', API.shippingMethod(GROUND.id))[0]?.headers['if-match']).toBe('"3"');
    expect(notify.success).toHaveBeenCalledWith('Shipping method deleted.');

    await userEvent.click(screen.getByRole('button', { name: 'Delete UPS Next Day' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: /delete/i })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('UPS Next Day Air')).toBeInTheDocument();
    expect(api.sent('DELETE', API.shippingMethod(NEXT_DAY.id))[0]?.headers['if-match']).toBe('"1"');
  });
});
