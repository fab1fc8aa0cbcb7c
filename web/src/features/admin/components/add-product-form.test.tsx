import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { Tool } from '@fridgeparts/common/tool';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { fakeApi, failure, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { AddProductForm } = await import('./add-product-form');

/** The product as the server answers POST /addItem. */
const added: Tool = sampleTool('new', {
  name: 'Defrost Thermistor',
  description: 'NTC defrost thermistor, clip-on mount.',
  image: '/images/tools/defrost-timer.svg',
  price: 7.25,
  minimumQuantity: 30,
  availableQuantity: 900,
  partNumber: 'FP-TH-NTC-12',
});
/** What the form sent to POST /addItem. */
const sent = () => api.sent('POST', API.addTool).map((r) => r.body);

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Image URL'), '/images/tools/defrost-timer.svg');
  await userEvent.type(screen.getByLabelText('Product name'), 'Defrost Thermistor');
  await userEvent.type(screen.getByLabelText('Description'), 'NTC defrost thermistor, clip-on mount.');
  await userEvent.type(screen.getByLabelText('Part number'), 'FP-TH-NTC-12');
  await userEvent.type(screen.getByRole('spinbutton', { name: 'Price' }), '7.25');
  await userEvent.type(screen.getByLabelText('Minimum quantity'), '30');
  await userEvent.type(screen.getByLabelText('Available quantity'), '900');
  await userEvent.type(screen.getByLabelText('Weight (lb)'), '0.25');
}

describe('AddProductForm', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('has every field, the required ones marked for assistive technology, with their hints', async () => {
    await renderSignedIn(<AddProductForm />);
    for (const label of ['Image URL', 'Product name', 'Description', 'Pack size', 'Minimum quantity', 'Available quantity', 'Weight (lb)']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toBeRequired();
    expect(screen.getByLabelText('Price breaks')).not.toBeRequired();
    expect(screen.getByLabelText('Part number')).not.toBeRequired();
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Pack size')).toHaveValue(1);
    expect(screen.getByLabelText('Part number')).toHaveAccessibleDescription(
      'Unique; capitals, digits and dashes. Leave empty to assign the next free number, like FP-ITEM-000123',
    );
    expect(screen.getByRole('spinbutton', { name: 'Price' })).toHaveAccessibleDescription('Per unit, in dollars');
  });

  it('refuses empty required fields and a minimum above the stock, on their fields, without sending', async () => {
    await renderSignedIn(<AddProductForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Product name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');
    await fillValid();
    await userEvent.clear(screen.getByLabelText('Available quantity'));
    await userEvent.type(screen.getByLabelText('Available quantity'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText('Minimum quantity can not be higher than available quantity')).toBeInTheDocument();
    expect(sent()).toEqual([]);
  });

  it('sends the text as typed, says so and empties the form', async () => {
    api.on('POST', API.addTool, json(added, { status: 201 }));
    await renderSignedIn(<AddProductForm />);
    await fillValid();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Defrost parts');
    await userEvent.type(screen.getByRole('textbox', { name: 'Voltage (V)' }), '115 V');
    await userEvent.click(screen.getByRole('checkbox', { name: /Freight only/ }));
    await userEvent.clear(screen.getByLabelText('Lead time (days)'));
    await userEvent.type(screen.getByLabelText('Lead time (days)'), '21');
    await userEvent.click(screen.getByRole('button', { name: 'Add expected delivery' }));
    await userEvent.type(screen.getByLabelText('Expected quantity 1'), '500');
    fireEvent.change(screen.getByLabelText('Expected on 1'), { target: { value: '2099-01-15' } });
    await userEvent.type(screen.getByLabelText('Core deposit (refundable)'), '75.5');
    await userEvent.type(screen.getByLabelText('Tax code'), 'txcd_99999999');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.productAdded));
    expect(api.sent('POST', API.addTool)).toEqual([
      expect.objectContaining({ headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
    expect(sent()).toEqual([
      {
        image: '/images/tools/defrost-timer.svg',
        name: 'Defrost Thermistor',
        description: 'NTC defrost thermistor, clip-on mount.',
        partNumber: 'FP-TH-NTC-12',
        price: '7.25',
        packSize: '1',
        priceBreaks: '',
        minimumQuantity: '30',
        availableQuantity: '900',
        // CONTRACT §14: how it ships and the deliveries expected.
        weight: '0.25',
        freight: true,
        leadTimeDays: '21',
        restock: [{ quantity: '500', expectedOn: '2099-01-15' }],
        // Only the specs given; the server takes the unit off.
        category: 'defrost',
        specs: { voltage: '115 V' },
        // Decision 0088 and CONTRACT §15: the refundable deposit per unit and the tax code.
        coreDeposit: '75.5',
        taxCode: 'txcd_99999999',
      },
    ]);
    await waitFor(() => expect(screen.getByLabelText('Product name')).toHaveValue(''));
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
    expect(screen.getByLabelText('Pack size')).toHaveValue(1);
  });

  it('sends an empty part number for the shop to assign, and still refuses a malformed one', async () => {
    api.on('POST', API.addTool, json({ ...added, partNumber: 'FP-ITEM-000123' }, { status: 201 }));
    await renderSignedIn(<AddProductForm />);
    await fillValid();
    const part = screen.getByLabelText('Part number');
    await userEvent.clear(part);
    await userEvent.type(part, 'fp cmp 1');
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(part).toHaveAccessibleDescription('Part number uses capitals, digits and dashes, like FP-CMP-134A-033'));
    expect(sent()).toEqual([]);
    await userEvent.clear(part);
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.productAdded));
    expect(sent()).toEqual([expect.objectContaining({ name: 'Defrost Thermistor', partNumber: '' })]);
  });

  it("puts the server's field errors on their fields and keeps what was typed", async () => {
    api.on('POST', API.addTool, failure('conflict', 'Part number taken', { partNumber: 'That part number is already in the catalogue' }));
    await renderSignedIn(<AddProductForm />);
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Add Product' }));
    const part = screen.getByLabelText('Part number');
    await waitFor(() => expect(part).toHaveAccessibleDescription('That part number is already in the catalogue'));
    expect(part).toHaveFocus();
    expect(part).toHaveValue('FP-TH-NTC-12');
    expect(notify.success).not.toHaveBeenCalled();
  });
});
