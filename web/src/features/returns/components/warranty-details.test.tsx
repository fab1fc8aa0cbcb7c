import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { WarrantyDetails } from './warranty-details';

const CLAIM = {
  modelNumber: 'RF28R7351SR',
  serialNumber: '0B7K4AB123456',
  installedOn: '2025-06-01',
  failure: 'Compressor hums but does not start.',
  replacementBookingId: null,
  replacementOrderNumber: null,
  failedPartDueOn: null,
  charged: null,
};
const APPROVED = { ...CLAIM, replacementBookingId: 'b-repl', replacementOrderNumber: 'FP-2026-000124', failedPartDueOn: '2026-12-29' };

const show = (r: Pick<Return, 'warranty' | 'state'>) =>
  render(
    <MemoryRouter>
      <WarrantyDetails r={r} />
    </MemoryRouter>,
  );
const terms = () => screen.getAllByRole('term').map((t) => t.textContent);

afterEach(cleanup);

describe('a warranty claim’s details', () => {
  it('while requested, says the replacement and the due day are to come, in the lines the approval fills in', () => {
    show({ state: 'requested', warranty: CLAIM });
    expect(terms()).toEqual(['Appliance', 'Failure', 'Replacement', 'Failed part due by']);
    expect(screen.getByTestId('return-warranty-replacement-pending')).toHaveTextContent('Sent when approved');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('approved, links the replacement order and gives the due day in the same lines', () => {
    show({ state: 'approved', warranty: APPROVED });
    expect(terms()).toEqual(['Appliance', 'Failure', 'Replacement', 'Failed part due by']);
    expect(screen.getByRole('link', { name: 'Order FP-2026-000124' })).toHaveAttribute('href', expect.stringContaining('b-repl'));
    expect(screen.getByTestId('return-warranty-due')).toHaveTextContent('2026-12-29');
  });

  it('closed, keeps the replacement and drops the due day; declined before approval, says neither', () => {
    show({ state: 'closed', warranty: APPROVED });
    expect(terms()).toEqual(['Appliance', 'Failure', 'Replacement']);
    cleanup();
    show({ state: 'declined', warranty: CLAIM });
    expect(terms()).toEqual(['Appliance', 'Failure']);
  });

  it('is nothing for a return that is no claim', () => {
    const { container } = show({ state: 'requested', warranty: null });
    expect(container).toBeEmptyDOMElement();
  });
});
