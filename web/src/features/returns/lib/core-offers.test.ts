import { describe, expect, it } from 'vitest';
import { lineFixture } from '../../../test-support/fixtures';
import { coreOffers, isCoreReturn, type CoreBookingLine } from './core-offers';
import { returnFixture } from './return-fixtures';

const compressor = (over: Partial<CoreBookingLine> = {}): CoreBookingLine => ({
  ...lineFixture({ toolId: 'c', partNumber: 'FP-CMP', name: 'Compressor', quantity: 3, price: 310, lineTotal: 930, shippedQuantity: 3 }),
  coreDeposit: 225,
  coresOwed: 3,
  coresDueOn: '2027-01-27',
  coresKept: false,
  ...over,
});
const gasket = lineFixture({ toolId: 'g', partNumber: 'FP-GSK', name: 'Gasket', quantity: 2, price: 10, lineTotal: 20, shippedQuantity: 2 });
const coreLine = (quantity: number) => ({ ...returnFixture().lines[0]!, lineId: '1', reason: 'core' as const, quantity, coreDeposit: 75, inspection: null });

describe('coreOffers (decision 0088)', () => {
  it('offers the cores owed of lines with a deposit, as the dialog’s lines: the deposit per unit, the due day, the one reason core', () => {
    expect(coreOffers([gasket, compressor()], [])).toEqual([
      {
        lineId: '1',
        name: 'Compressor',
        partNumber: 'FP-CMP',
        quantity: 3,
        reasons: [{ reason: 'core', until: '2027-01-27' }],
        deposit: 75,
        dueOn: '2027-01-27',
      },
    ]);
  });

  it('takes off the cores in open core returns (requested or approved), not those declined or received', () => {
    const returns = [
      returnFixture({ state: 'requested', lines: [coreLine(1)] }),
      returnFixture({ state: 'approved', lines: [coreLine(1)] }),
      returnFixture({ state: 'declined', lines: [coreLine(1)] }),
      // A part return of the same line moves no cores.
      returnFixture({ state: 'requested', lines: [{ ...coreLine(1), reason: 'defective' }] }),
    ];
    expect(coreOffers([gasket, compressor()], returns)[0]!.quantity).toBe(1);
    expect(coreOffers([gasket, compressor()], [...returns, returnFixture({ state: 'requested', lines: [coreLine(1)] })])).toEqual([]);
  });

  it('offers nothing without a deposit, with no core owed, or once the deposit was kept', () => {
    expect(coreOffers([gasket], [])).toEqual([]);
    expect(coreOffers([compressor({ coresOwed: 0, coresDueOn: null })], [])).toEqual([]);
    expect(coreOffers([compressor({ coresKept: true })], [])).toEqual([]);
    // An order answered before coresDueOn: offered, without a day.
    expect(coreOffers([compressor({ coresDueOn: undefined, coresKept: undefined })], [])[0]).toMatchObject({ quantity: 3, dueOn: null });
  });

  it('a core return is one whose every line is a core', () => {
    expect(isCoreReturn(returnFixture({ lines: [coreLine(1)] }))).toBe(true);
    expect(isCoreReturn(returnFixture())).toBe(false);
  });
});
