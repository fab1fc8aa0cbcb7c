import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { notify } from '../../test-support/toast';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));
const { ApiError } = await import('../../lib/infra/api-client');
const { fieldNameFor, useShopForm } = await import('./use-shop-form');
const { FormInput } = await import('./form-input');
const { FormError } = await import('./form-error');

const schema = z.object({ partNumber: z.string().min(1, 'Enter a part number'), price: z.string() });
type Values = z.infer<typeof schema>;

function Harness({ action }: { action: (v: Values) => Promise<void> }) {
  const { form, submit, formError } = useShopForm<Values>({
    schema,
    defaultValues: { partNumber: '', price: '' },
    action,
    success: 'Saved',
    resetTo: 'defaults',
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormInput form={form} name="partNumber" label="Part number" helperText="Capitals and digits" />
      <FormInput form={form} name="price" label="Price" />
      <FormError message={formError} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useShopForm + FormInput', () => {
  afterEach(() => {
    cleanup();
  });

  it('shows the schema message on its field, in place of the helper text', async () => {
    render(<Harness action={vi.fn()} />);
    expect(screen.getByText('Capitals and digits')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a part number')).toBeInTheDocument();
    expect(screen.getByLabelText('Part number')).toHaveAttribute('aria-invalid', 'true');
  });

  it("puts the server's field errors on their fields and focuses the first", async () => {
    const action = vi.fn(async () => {
      throw new ApiError(409, 'conflict', 'Check the fields.', { partNumber: 'FP-1 is already taken.', price: 'Too low.', elsewhere: 'ignored' });
    });
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('FP-1 is already taken.')).toBeInTheDocument();
    expect(screen.getByText('Too low.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Part number')).toHaveFocus());
    expect(notify.success).not.toHaveBeenCalled();
    // A message for no field of this form is said on the form, not dropped.
    expect(screen.getByRole('alert')).toHaveTextContent('Check the fields. elsewhere: ignored.');
  });

  it('says a refusal whose field messages fit no field (a bad If-Match) on the form, and clears it on the next send', async () => {
    const action = vi
      .fn<(v: Values) => Promise<void>>()
      .mockRejectedValueOnce(new ApiError(400, 'invalid-argument', 'If-Match must be the version.', { 'If-Match': 'Not a list of entity tags' }))
      .mockResolvedValueOnce(undefined);
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('If-Match must be the version. If-Match: Not a list of entity tags.');
    expect(notify.success).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('Part number'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says nothing on the form when every field message found its field', async () => {
    const action = vi.fn(async () => {
      throw new ApiError(400, 'invalid-argument', 'Invalid input', { price: 'Too low.' });
    });
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too low.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('toasts the success and resets the form', async () => {
    const action = vi.fn(async () => undefined);
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
    expect(action).toHaveBeenCalledWith({ partNumber: 'FP-2', price: '' }, expect.anything());
    await waitFor(() => expect(screen.getByLabelText('Part number')).toHaveValue(''));
  });

  it('puts a nested server path on the field it belongs to (priceBreaks.0.minQuantity on Price breaks)', async () => {
    const breaks = z.object({ priceBreaks: z.string(), price: z.string() });
    function Breaks() {
      const { form, submit } = useShopForm<z.infer<typeof breaks>>({
        schema: breaks,
        defaultValues: { priceBreaks: '', price: '' },
        action: async () => {
          throw new ApiError(400, 'invalid-argument', 'Check the fields.', {
            'priceBreaks.1.minQuantity': 'Quantities must rise.',
            'priceBreaks.0.price': 'Second message',
          });
        },
      });
      return (
        <form onSubmit={submit} noValidate>
          <FormInput form={form} name="price" label="Price" />
          <FormInput form={form} name="priceBreaks" label="Price breaks" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Breaks />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Quantities must rise.')).toBeInTheDocument();
    expect(screen.queryByText('Second message')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Price breaks')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() => expect(screen.getByLabelText('Price breaks')).toHaveFocus());
  });

  it('loads a lazy schema on first validation only, and validates with it', async () => {
    const load = vi.fn(async () => schema);
    function Lazy() {
      const { form, submit, prefetch } = useShopForm<Values>({
        schema: load,
        defaultValues: { partNumber: '', price: '' },
        action: async () => undefined,
        success: 'Saved',
      });
      return (
        <form onSubmit={submit} onFocus={prefetch} noValidate>
          <FormInput form={form} name="partNumber" label="Part number" />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(<Lazy />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByLabelText('Part number'));
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a part number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("toasts a success message made from the action's result; paths the form leaves off stay off", async () => {
    type Quick = { text: string; phone: string };
    function Quick({ fail }: { fail: boolean }) {
      const { form: f, submit } = useShopForm<Quick, Quick, number>({
        defaultValues: { text: '', phone: '' },
        action: async () => {
          if (fail) throw new ApiError(400, 'invalid-argument', 'Check the lines.', { 'lines.2.quantity': 'Too many.', phone: 'Enter a phone number.' });
          return 3;
        },
        success: (_values, n) => `${n} lines booked`,
        serverFieldName: (path) => (path.startsWith('lines.') ? null : undefined),
      });
      return (
        <form onSubmit={submit} noValidate>
          <FormInput form={f} name="text" label="Lines" />
          <FormInput form={f} name="phone" label="Phone" />
          <button type="submit">Book</button>
        </form>
      );
    }
    const { unmount } = render(<Quick fail />);
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Enter a phone number.')).toBeInTheDocument();
    expect(screen.queryByText('Too many.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Lines')).toHaveAttribute('aria-invalid', 'false');
    unmount();
    render(<Quick fail={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('3 lines booked'));
  });
});

describe('fieldNameFor', () => {
  it('names the longest leading part of a server path that the form has', () => {
    expect(fieldNameFor('price', { price: '' })).toBe('price');
    expect(fieldNameFor('priceBreaks.0.minQuantity', { priceBreaks: '100: 2.00' })).toBe('priceBreaks');
    expect(fieldNameFor('lines.2.quantity', { lines: [{}, {}, { quantity: '' }] })).toBe('lines.2.quantity');
    expect(fieldNameFor('lines.2.quantity', { text: '' })).toBeNull();
  });
});
