import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';

const toastSuccess = vi.fn();
vi.mock('../../lib/toast', () => ({ notify: { success: (m: string) => toastSuccess(m), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../lib/auth-client', () => ({ currentIdToken: vi.fn() }));
const { ApiError } = await import('../../lib/api-client');
const { useShopForm } = await import('./use-shop-form');
const { FormTextField } = await import('./form-text-field');

const schema = z.object({ partNumber: z.string().min(1, 'Enter a part number'), price: z.string() });
type Values = z.infer<typeof schema>;

function Harness({ action }: { action: (v: Values) => Promise<void> }) {
  const { form, submit } = useShopForm<Values>({ schema, defaultValues: { partNumber: '', price: '' }, action, success: 'Saved', resetTo: 'defaults' });
  return (
    <form onSubmit={submit} noValidate>
      <FormTextField form={form} name="partNumber" label="Part number" helperText="Capitals and digits" />
      <FormTextField form={form} name="price" label="Price" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('useShopForm + FormTextField', () => {
  afterEach(() => {
    cleanup();
    toastSuccess.mockClear();
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
    expect(toastSuccess).not.toHaveBeenCalled();
  });

  it('toasts the success and resets the form', async () => {
    const action = vi.fn(async () => undefined);
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Part number'), 'FP-2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Saved'));
    expect(action).toHaveBeenCalledWith({ partNumber: 'FP-2', price: '' }, expect.anything());
    await waitFor(() => expect(screen.getByLabelText('Part number')).toHaveValue(''));
  });
});
