import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));
const { useShopForm } = await import('./use-shop-form');
const { FormInput, FormTextarea } = await import('./form-input');

const schema = z.object({ name: z.string().min(1, 'Enter a name'), address: z.string().min(5, 'Enter the whole address') });
type Values = z.infer<typeof schema>;

function Harness({ action }: { action: (v: Values) => Promise<void> }) {
  const { form, submit } = useShopForm<Values>({ schema, defaultValues: { name: '', address: '' }, action });
  return (
    <form onSubmit={submit} noValidate>
      <FormInput form={form} name="name" label="Name" helperText="As on the invoice" />
      <FormTextarea form={form} name="address" label="Address" rows={2} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('FormInput and FormTextarea', () => {
  afterEach(cleanup);

  it('label their control, and show the error in place of the helper text, described by it', async () => {
    const action = vi.fn(async () => undefined);
    render(<Harness action={action} />);
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('As on the invoice');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter a name');
    const address = screen.getByLabelText('Address');
    expect(address.tagName).toBe('TEXTAREA');
    expect(address).toHaveAttribute('rows', '2');
    expect(address).toHaveAccessibleDescription('Enter the whole address');
    expect(action).not.toHaveBeenCalled();
  });

  it('hand the typed lines to the action', async () => {
    const action = vi.fn(async () => undefined);
    render(<Harness action={action} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Kälte GmbH');
    await userEvent.type(screen.getByLabelText('Address'), 'Hafenstraße 1{enter}20457 Hamburg');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(action).toHaveBeenCalledWith({ name: 'Kälte GmbH', address: 'Hafenstraße 1\n20457 Hamburg' }, expect.anything()));
  });
});
