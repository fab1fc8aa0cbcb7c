import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { taxFixture } from '../test-support/amounts';
import { OrderAmounts } from './order-amounts';

describe('OrderAmounts: the tax row of a ship-to with a certificate (CONTRACT §15)', () => {
  afterEach(cleanup);

  it('says which certificate exempts the order where the tax row is', () => {
    const tax = taxFixture({
      amount: 0,
      reason: 'customer_exempt',
      state: 'TX',
      rate: null,
      exemption: { id: 'ex-1', kind: 'resale', state: 'TX', number: '12-345', words: 'Exempt: resale certificate 12-345 (TX)' },
      note: null,
    });
    render(<OrderAmounts parts={100} shipping={0} tax={tax} total={100} />);
    expect(screen.getByTestId('amount-tax-label')).toHaveTextContent('Exempt: resale certificate 12-345 (TX)');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$0.00');
    expect(screen.queryByTestId('amount-tax-note')).toBeNull();
  });

  it('says under the tax row why tax is charged though the ship-to has a certificate', () => {
    const note = 'Your resale certificate 12-345 (TX) is waiting for review, so sales tax is charged.';
    render(<OrderAmounts parts={100} shipping={0} tax={taxFixture({ amount: 6.25, state: 'TX', rate: '6.25', exemption: null, note })} total={106.25} />);
    expect(screen.getByTestId('amount-tax-label')).toHaveTextContent('Sales tax (TX 6.25%)');
    expect(screen.getByTestId('amount-tax')).toHaveTextContent('$6.25');
    expect(screen.getByTestId('amount-tax-note')).toHaveTextContent(note);
  });

  it('shows no note on an order placed before tax', () => {
    render(<OrderAmounts parts={100} shipping={0} tax={taxFixture({ note: 'x' })} noTax total={100} />);
    expect(screen.queryByTestId('amount-tax-note')).toBeNull();
  });
});
