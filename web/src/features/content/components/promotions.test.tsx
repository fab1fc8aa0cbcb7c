import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);
import { BusinessStatistics } from './business-statistics';
import { Promotions } from './promotions';

describe('home content sections', () => {
  it('states both promotions of SPEC §1', () => {
    render(<Promotions />);
    expect(screen.getByText('Free shipping on orders up to $6,000.')).toBeInTheDocument();
    expect(screen.getByText('Savings of up to 5% until 26 June.')).toBeInTheDocument();
  });

  it('shows the four statistics', () => {
    render(<BusinessStatistics />);
    for (const v of ['100+', '120M+', '33k+', '60+']) expect(screen.getByText(v)).toBeInTheDocument();
  });
});
