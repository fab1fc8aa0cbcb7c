import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@fridgeparts/common/review';

const hideReview = vi.fn();
const toastSuccess = vi.fn();
let reviews: Review[] = [];
let admin = false;
vi.mock('../api/use-reviews', () => ({ useReviews: () => ({ data: reviews, error: undefined, loading: false, retry: vi.fn() }) }));
vi.mock('../api/use-hide-review', () => ({ useHideReview: () => hideReview }));
vi.mock('../../../lib/use-admin', () => ({ useAdmin: () => ({ admin, loading: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: vi.fn(), success: (m: string) => toastSuccess(m), info: vi.fn() } }));

const { ReviewList } = await import('./review-list');

const review = (over: Partial<Review>): Review => ({
  _id: 'r1',
  image: 'https://cdn.example.test/a.png',
  review: 5,
  description: 'Fits.',
  userName: 'Alice Buyer',
  toolId: null,
  verifiedBuyer: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

const items = () => within(screen.getByRole('list', { name: 'Customer reviews' })).getAllByRole('listitem');

describe('ReviewList', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    hideReview.mockReset();
    toastSuccess.mockReset();
    admin = false;
  });

  it('shows https and /images/ pictures without a referrer, and an initial instead of any other stored image', () => {
    reviews = [
      review({ _id: 'a', image: 'https://cdn.example.test/a.png', userName: 'Ann' }),
      review({ _id: 'b', image: '/images/reviewers/2.svg', userName: 'Ben' }),
      review({ _id: 'c', image: 'http://tracker.example.test/p.png', userName: 'Cal' }),
      review({ _id: 'd', image: 'javascript:alert(1)', userName: 'Dee' }),
      review({ _id: 'e', image: '//evil.example.test/x.png', userName: 'Eve' }),
    ];
    const { container } = render(<ReviewList />);
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs.map((i) => i.getAttribute('src'))).toEqual(['https://cdn.example.test/a.png', '/images/reviewers/2.svg']);
    for (const img of imgs) expect(img).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(
      items()
        .slice(2)
        .map((li) => li.querySelector('[aria-hidden="true"]')?.textContent),
    ).toEqual(['C', 'D', 'E']);
    expect(container.innerHTML).not.toMatch(/tracker|javascript|evil/);
  });

  it('offers no Hide to someone who is not an admin', () => {
    reviews = [review({})];
    render(<ReviewList />);
    expect(screen.queryByRole('button', { name: /Hide/ })).not.toBeInTheDocument();
  });

  it('lets an admin hide a review after a question naming the reviewer, then says so', async () => {
    admin = true;
    reviews = [review({ _id: 'r1', userName: 'Alice Buyer' }), review({ _id: 'r2', userName: 'Bob' })];
    hideReview.mockResolvedValueOnce({ _id: 'r2', hidden: true, hiddenAt: '2026-11-25T13:00:00.000Z' });
    render(<ReviewList />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide the review by Bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review by Bob?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(hideReview).toHaveBeenCalledWith('r2'));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Review hidden.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('hides nothing when the admin cancels', async () => {
    admin = true;
    reviews = [review({ userName: 'Alice Buyer' })];
    render(<ReviewList />);
    await userEvent.click(screen.getByRole('button', { name: 'Hide the review by Alice Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this review by Alice Buyer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(hideReview).not.toHaveBeenCalled();
  });
});
