import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fridgeparts/common/messages';
import { packSizeMessage } from '@fridgeparts/common/pricing';
import type { ToolDoc } from '../../data/firestore';
import { toolDoc } from '../../testing/tool-doc';
import { sampleCartLine } from '@fridgeparts/common/testing/sample-booking';
import { CART_FULL_MESSAGE, CART_MAX_LINES } from '@fridgeparts/common/cart';
import { MAX_QUANTITY } from '@fridgeparts/common/constants';
import { cartOf, mergeCartLines, TOOL_GONE_MESSAGE } from './cart';

const tools = new Map<string, ToolDoc>([
  ['a', toolDoc({ partNumber: 'FP-A', name: 'Gasket', priceCents: 1999, minimumQuantity: 2, availableQuantity: 10 })],
  [
    'p',
    toolDoc({
      partNumber: 'FP-P',
      name: 'Relay',
      priceCents: 1500,
      packSize: 10,
      minimumQuantity: 10,
      availableQuantity: 500,
      priceBreaks: [{ minQuantity: 100, priceCents: 1200 }],
    }),
  ],
]);

describe('cartOf', () => {
  it('prices each line after breaks; the total in dollars from whole cents; ready with no problem', () => {
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 25, 12));
    const cart = cartOf(
      [
        { toolId: 'a', quantity: 3 },
        { toolId: 'p', quantity: 100 },
      ],
      tools,
      at,
      7,
    );
    expect(cart).toEqual({
      // Neither line has a problem, a backorder, a core deposit or another number it was added by.
      lines: [
        sampleCartLine({
          toolId: 'a',
          partNumber: 'FP-A',
          name: 'Gasket',
          quantity: 3,
          price: 19.99,
          lineTotal: 59.97,
          minimumQuantity: 2,
          packSize: 1,
          availableQuantity: 10,
          // CONTRACT §14: worked out when answered (today's ship day), from the stock the cart read.
          availability: { status: 'in_stock', available: 10, shipsOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        }),
        sampleCartLine({
          toolId: 'p',
          partNumber: 'FP-P',
          name: 'Relay',
          quantity: 100,
          price: 12,
          lineTotal: 1200,
          minimumQuantity: 10,
          packSize: 10,
          availableQuantity: 500,
          availability: { status: 'in_stock', available: 500, shipsOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
        }),
      ],
      lineCount: 2,
      total: 1259.97,
      ready: true,
      updatedAt: '2026-11-25T12:00:00.000Z',
      version: '7',
      tax: null,
    });
  });

  it('answers a line’s core deposit (deposit x quantity, decision 0088) apart from its total, and counts it in the cart’s, as the order charges it', () => {
    const withCore = new Map([['c', toolDoc({ partNumber: 'FP-C', name: 'Compressor', priceCents: 31000, availableQuantity: 30, coreDepositCents: 7500 })]]);
    const cart = cartOf([{ toolId: 'c', quantity: 2 }], withCore, null, 1);
    expect(cart.lines[0]).toMatchObject({ lineTotal: 620, coreDeposit: 150 });
    expect(cart.total).toBe(770);
    expect(cartOf([{ toolId: 'gone', quantity: 2 }], withCore, null, 1).lines[0]!.coreDeposit).toBe(0);
  });

  it('answers quantity problems with the booking messages and a gone tool with no price; not ready', () => {
    const cart = cartOf(
      [
        { toolId: 'a', quantity: 11 },
        { toolId: 'p', quantity: 15 },
        { toolId: 'gone', quantity: 1 },
      ],
      tools,
      null,
      0,
    );
    expect(cart.lines.map((l) => l.problem)).toEqual([
      `${MESSAGES.quantityOutOfRange} (minimum 2, 10 available)`,
      `${packSizeMessage(10)} (minimum 10, 500 available)`,
      TOOL_GONE_MESSAGE,
    ]);
    expect(cart.lines[2]).toMatchObject({ toolId: 'gone', name: null, price: null, lineTotal: null, availableQuantity: null });
    // Lines with a price count towards the total, problem or not: 11 x 19.99 + 15 x 15.00.
    expect(cart).toMatchObject({ total: 444.89, ready: false, lineCount: 3, updatedAt: null });
  });

  it('an empty cart is not ready', () => {
    expect(cartOf([], tools, null, 0)).toEqual({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0', tax: null });
  });
});

describe('mergeCartLines (POST /cart/lines)', () => {
  it('adds to the line of a tool already in the cart, keeps the order, appends new tools in the order given', () => {
    const merged = mergeCartLines(
      [
        { toolId: 'a', quantity: 2 },
        { toolId: 'p', quantity: 10 },
      ],
      [
        { toolId: 'f', quantity: 1 },
        { toolId: 'p', quantity: 20 },
        { toolId: 'g', quantity: 4 },
      ],
    );
    expect(merged).toEqual({
      lines: [
        { toolId: 'a', quantity: 2 },
        { toolId: 'p', quantity: 30 },
        { toolId: 'f', quantity: 1 },
        { toolId: 'g', quantity: 4 },
      ],
      problems: {},
    });
  });

  it('sums a tool named twice among the added lines into one line', () => {
    expect(
      mergeCartLines(
        [],
        [
          { toolId: 'f', quantity: 2 },
          { toolId: 'a', quantity: 1 },
          { toolId: 'f', quantity: 3 },
        ],
      ).lines,
    ).toEqual([
      { toolId: 'f', quantity: 5 },
      { toolId: 'a', quantity: 1 },
    ]);
  });

  it('keeps the number a line was added by, and takes the newer one when it is added again by another such number', () => {
    const old = { number: 'FP-DFT-6H21', kind: 'discontinued' as const };
    const oem = { number: 'W10', kind: 'oem' as const };
    const merged = mergeCartLines(
      [{ toolId: 'a', quantity: 2, resolvedFrom: old }],
      [
        { toolId: 'a', quantity: 1 },
        { toolId: 'b', quantity: 1, resolvedFrom: oem },
      ],
    );
    expect(merged.lines).toEqual([
      { toolId: 'a', quantity: 3, resolvedFrom: old },
      { toolId: 'b', quantity: 1, resolvedFrom: oem },
    ]);
    expect(mergeCartLines(merged.lines, [{ toolId: 'a', quantity: 1, resolvedFrom: oem }]).lines[0]).toEqual({ toolId: 'a', quantity: 4, resolvedFrom: oem });
    expect(cartOf(merged.lines, new Map(), null, 1).lines.map((l) => l.resolvedFrom)).toEqual([old, oem]);
  });

  it('does not change the stored lines it was given', () => {
    const stored = [{ toolId: 'a', quantity: 2 }];
    mergeCartLines(stored, [{ toolId: 'a', quantity: 5 }]);
    expect(stored).toEqual([{ toolId: 'a', quantity: 2 }]);
  });

  it('refuses a quantity over the maximum on the added line that passes it', () => {
    const merged = mergeCartLines(
      [{ toolId: 'a', quantity: MAX_QUANTITY - 1 }],
      [
        { toolId: 'f', quantity: 1 },
        { toolId: 'a', quantity: 1 },
        { toolId: 'a', quantity: 1 },
      ],
    );
    expect(Object.keys(merged.problems)).toEqual(['lines.2.quantity']);
    expect(merged.problems['lines.2.quantity']).toMatch(String(MAX_QUANTITY));
  });

  it(`refuses a cart of more than ${CART_MAX_LINES} tools, and takes one of exactly ${CART_MAX_LINES}`, () => {
    const stored = Array.from({ length: CART_MAX_LINES - 1 }, (_, i) => ({ toolId: `t${i}`, quantity: 1 }));
    expect(
      mergeCartLines(stored, [
        { toolId: 'new', quantity: 1 },
        { toolId: 't0', quantity: 1 },
      ]).problems,
    ).toEqual({});
    expect(
      mergeCartLines(stored, [
        { toolId: 'new', quantity: 1 },
        { toolId: 'newer', quantity: 1 },
      ]).problems,
    ).toEqual({ lines: CART_FULL_MESSAGE });
  });
});
