import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@fridgeparts/common/messages';

const addReview = vi.fn();
const toastSuccess = vi.fn();
let bookings: { toolId: string; name: string; partNumber?: string }[] | undefined;
vi.mock('../api/use-add-review', () => ({ useAddReview: () => addReview }));
vi.mock('../../../lib/use-recent-bookings', () => ({ useRecentBookings: () => bookings }));
vi.mock('../../../lib/toast', () => ({ notify: { error: vi.fn(), success: (m: string) => toastSuccess(m), info: vi.fn() } }));
vi.mock('../../../lib/auth-client', () => ({ currentIdToken: vi.fn() }));

const { ReviewForm } = await import('./review-form');

async function fill(rating: string) {
  await userEvent.type(screen.getByLabelText('Image URL'), 'https://example.test/me.png');
  await userEvent.type(screen.getByLabelText(/^Rating/), rating);
  await userEvent.type(screen.getByLabelText('Description'), 'Fitted first time.');
}

describe('ReviewForm', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    addReview.mockReset();
    toastSuccess.mockReset();
    bookings = undefined;
  });

  it('offers the tools bought in a labelled select, sends the one chosen, then empties the form', async () => {
    bookings = [
      { toolId: 'defrost-heater', name: 'Defrost Heater', partNumber: 'FP-DFT-8H25' },
      { toolId: 'door-gasket', name: 'Door Gasket' },
      { toolId: 'defrost-heater', name: 'Defrost Heater', partNumber: 'FP-DFT-8H25' },
    ];
    addReview.mockResolvedValueOnce({});
    render(<ReviewForm />);
    const product = screen.getByRole('combobox', { name: 'Product (optional)' });
    expect(product).toHaveAccessibleDescription("A tool you have bought: your review then shows as a verified buyer's");
    // Once each, newest first, after "No particular product".
    expect([...(product as HTMLSelectElement).options].map((o) => o.text)).toEqual(['No particular product', 'Defrost Heater (FP-DFT-8H25)', 'Door Gasket']);
    await userEvent.selectOptions(product, 'Defrost Heater (FP-DFT-8H25)');
    await fill('5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() =>
      expect(addReview).toHaveBeenCalledWith({ image: 'https://example.test/me.png', review: 5, description: 'Fitted first time.', toolId: 'defrost-heater' }),
    );
    expect(toastSuccess).toHaveBeenCalledWith(MESSAGES.reviewAdded);
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(''));
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    expect(product).toHaveValue('');
  });

  it('keeps the product select in place, disabled, while the bookings load and when there are none; sends no tool', async () => {
    const { rerender } = render(<ReviewForm />);
    const product = screen.getByRole('combobox', { name: 'Product (optional)' });
    expect(product).toBeDisabled();
    expect([...(product as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Loading the tools you bought…']);
    bookings = [];
    rerender(<ReviewForm />);
    expect(product).toBeDisabled();
    expect([...(product as HTMLSelectElement).options].map((o) => o.text)).toEqual(['No particular product']);
    expect(product).toHaveAccessibleDescription("None yet: a review of a tool you have bought shows as a verified buyer's");
    addReview.mockResolvedValueOnce({});
    await fill('4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() => expect(addReview).toHaveBeenCalledWith({ image: 'https://example.test/me.png', review: 4, description: 'Fitted first time.' }));
  });

  it('shows the rating typed as stars, hidden from screen readers (the input is the one control)', async () => {
    render(<ReviewForm />);
    const picture = screen.getByTestId('rating-picture');
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    const filled = () => [...picture.querySelectorAll('path')].filter((p) => p.getAttribute('fill') === 'currentColor').length;
    expect(filled()).toBe(0);
    await userEvent.type(screen.getByLabelText(/^Rating/), '3');
    expect(filled()).toBe(3);
  });

  it('puts the checks on their fields and sends nothing while they fail', async () => {
    render(<ReviewForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Image is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Rating/), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Rating must be a whole number from 1 to 5')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Rating/)).toHaveAccessibleDescription('Rating must be a whole number from 1 to 5');
    expect(addReview).not.toHaveBeenCalled();
  });
});
