import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { Review } from '@fridgeparts/common/review.answers';
import { fakeApi, held, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { bookingFixture } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ReviewForm } = await import('./review-form');

/** The customer's bookings, the tools they can review as a buyer (GET /booking?email=&limit=50). */
const BOOKED = API.myBookings(CASEY.email);
/** What the form sent to POST /reviews. */
const sent = () => api.sent('POST', API.addReview).map((r) => r.body);

const saved: Review = {
  _id: 'r1',
  image: 'https://example.test/me.png',
  review: 5,
  description: 'Fitted first time.',
  userName: 'Casey',
  toolId: null,
  verifiedBuyer: false,
  createdAt: '2026-11-01T10:00:00.000Z',
};

async function fill(rating: string) {
  await userEvent.type(screen.getByLabelText('Image URL'), 'https://example.test/me.png');
  await userEvent.type(screen.getByLabelText(/^Rating/), rating);
  await userEvent.type(screen.getByLabelText('Description'), 'Fitted first time.');
}

const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.text);

describe('ReviewForm', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {});

  it('offers the tools bought in a labelled select, sends the one chosen, then empties the form', async () => {
    api
      .on(
        'GET',
        BOOKED,
        json<Booking[]>([
          bookingFixture({ _id: 'b3', toolId: 'defrost-heater', name: 'Defrost Heater', partNumber: 'FP-DFT-8H25' }),
          bookingFixture({ _id: 'b2', toolId: 'door-gasket', name: 'Door Gasket', partNumber: null }),
          bookingFixture({ _id: 'b1', toolId: 'defrost-heater', name: 'Defrost Heater', partNumber: 'FP-DFT-8H25' }),
        ]),
      )
      .on('POST', API.addReview, json<Review>({ ...saved, toolId: 'defrost-heater' }));
    await renderSignedIn(<ReviewForm />);
    const product = screen.getByRole('combobox', { name: 'Product (optional)' });
    expect(product).toHaveAccessibleDescription("A tool you have bought: your review then shows as a verified buyer's");
    // Once each, newest first, after "No particular product".
    await waitFor(() => expect(optionTexts(product)).toEqual(['No particular product', 'Defrost Heater (FP-DFT-8H25)', 'Door Gasket']));
    expect(api.sent('GET', BOOKED)).toEqual([
      expect.objectContaining({
        path: '/booking?email=casey%40example.test&limit=50',
        headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }),
      }),
    ]);
    await userEvent.selectOptions(product, 'Defrost Heater (FP-DFT-8H25)');
    await fill('5');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(MESSAGES.reviewAdded));
    expect(sent()).toEqual([{ image: 'https://example.test/me.png', review: 5, description: 'Fitted first time.', toolId: 'defrost-heater' }]);
    expect(api.sent('POST', API.addReview)[0]!.headers).toMatchObject({ authorization: `Bearer ${TEST_ID_TOKEN}` });
    await waitFor(() => expect(screen.getByLabelText('Description')).toHaveValue(''));
    expect(screen.getByLabelText('Image URL')).toHaveValue('');
    expect(product).toHaveValue('');
  });

  it('keeps the product select in place, disabled, while the bookings load and when there are none; sends no tool', async () => {
    const bookings = held();
    api.on('GET', BOOKED, bookings.answer).on('POST', API.addReview, json<Review>({ ...saved, review: 4 }));
    await renderSignedIn(<ReviewForm />);
    const product = screen.getByRole('combobox', { name: 'Product (optional)' });
    expect(product).toBeDisabled();
    expect(optionTexts(product)).toEqual(['Loading the tools you bought…']);
    bookings.release(json<Booking[]>([]));
    await waitFor(() => expect(optionTexts(product)).toEqual(['No particular product']));
    expect(product).toBeDisabled();
    expect(product).toHaveAccessibleDescription("None yet: a review of a tool you have bought shows as a verified buyer's");
    await fill('4');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    await waitFor(() => expect(sent()).toEqual([{ image: 'https://example.test/me.png', review: 4, description: 'Fitted first time.' }]));
  });

  it('shows the rating typed as stars, hidden from screen readers (the input is the one control)', async () => {
    api.on('GET', BOOKED, json<Booking[]>([]));
    await renderSignedIn(<ReviewForm />);
    const picture = screen.getByTestId('rating-picture');
    expect(picture).toHaveAttribute('aria-hidden', 'true');
    const filled = () => [...picture.querySelectorAll('path')].filter((p) => p.getAttribute('fill') === 'currentColor').length;
    expect(filled()).toBe(0);
    await userEvent.type(screen.getByLabelText(/^Rating/), '3');
    expect(filled()).toBe(3);
  });

  it('puts the checks on their fields and sends nothing while they fail', async () => {
    api.on('GET', BOOKED, json<Booking[]>([]));
    await renderSignedIn(<ReviewForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Image is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Image URL')).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(screen.getByLabelText(/^Rating/), '9');
    await userEvent.click(screen.getByRole('button', { name: 'Add Review' }));
    expect(await screen.findByText('Rating must be a whole number from 1 to 5')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Rating/)).toHaveAccessibleDescription('Rating must be a whole number from 1 to 5');
    expect(sent()).toEqual([]);
  });
});
