import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);
import { RatingStars } from './rating-stars';

describe('RatingStars', () => {
  it('names the rating for screen readers and fills that many stars', () => {
    const { container } = render(<RatingStars value={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('path[fill="currentColor"]')).toHaveLength(4);
    expect(container.querySelectorAll('path[fill="none"]')).toHaveLength(1);
  });

  it('keeps an out-of-range value inside 0 to 5', () => {
    render(<RatingStars value={9} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
  });
});
