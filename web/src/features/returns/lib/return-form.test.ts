import { describe, expect, it } from 'vitest';
import type { ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import { claimsWarranty, offeredLines, returnBodyOf, returnDefaults, returnFieldOf } from './return-form';
import { returnFormSchema } from './return-schemas';
import { nextStepText, reasonOptionText, unitsOf } from './return-words';

const RETURNABLE: ReturnableLine[] = [
  {
    lineId: '0',
    name: 'Door Gasket',
    partNumber: 'FP-GSK-1',
    quantity: 4,
    reasons: [
      { reason: 'wrong-part', until: '2026-12-03T18:00:00.000Z' },
      { reason: 'defective', until: '2027-11-03T18:00:00.000Z' },
    ],
  },
  // Every window of this line has closed: not offered.
  { lineId: '1', name: 'Start Relay', partNumber: null, quantity: 2, reasons: [] },
  { lineId: '2', name: 'Fuse', partNumber: null, quantity: 1, reasons: [{ reason: 'defective', until: '2027-11-03T18:00:00.000Z' }] },
  // All of it returned or asked for already.
  { lineId: '3', name: 'Relay', partNumber: null, quantity: 0, reasons: [{ reason: 'defective', until: '2027-11-03T18:00:00.000Z' }] },
];

describe('the Return dialog’s form (CONTRACT §16)', () => {
  const lines = offeredLines(RETURNABLE);

  it('offers the lines with units left and an open window; nothing returned by default, each line’s first open reason chosen', () => {
    expect(lines.map((l) => l.lineId)).toEqual(['0', '2']);
    expect(returnDefaults(lines)).toEqual({
      lines: [
        { quantity: '0', reason: 'wrong-part', note: '' },
        { quantity: '0', reason: 'defective', note: '' },
      ],
      warranty: { modelNumber: '', serialNumber: '', installedOn: '', failure: '' },
    });
  });

  it('sends the lines with a quantity, by their order line id, a note only when one was written', () => {
    const form = {
      lines: [
        { quantity: ' 2 ', reason: 'wrong-part' as const, note: '  Ordered the 36 in, got the 24 in  ' },
        { quantity: '0', reason: 'defective' as const, note: 'ignored' },
      ],
    };
    expect(returnBodyOf(form, lines)).toEqual({
      body: { lines: [{ lineId: '0', quantity: 2, reason: 'wrong-part', note: 'Ordered the 36 in, got the 24 in' }] },
      sent: [0],
    });
    expect(returnBodyOf({ lines: [form.lines[1]!, { quantity: '1', reason: 'defective', note: ' ' }] }, lines)).toEqual({
      body: { lines: [{ lineId: '2', quantity: 1, reason: 'defective' }] },
      sent: [1],
    });
  });

  it('puts the server’s line messages at the line the body sent: the reason and note at theirs, anything else at its quantity', () => {
    const sent = [1];
    expect(returnFieldOf('lines.0.quantity', sent)).toBe('lines.1.quantity');
    expect(returnFieldOf('lines.0', sent)).toBe('lines.1.quantity');
    expect(returnFieldOf('lines.0.reason', sent)).toBe('lines.1.reason');
    expect(returnFieldOf('lines.0.note', sent)).toBe('lines.1.note');
    expect(returnFieldOf('lines.4.quantity', sent)).toBe('lines');
    expect(returnFieldOf('Idempotency-Key', sent)).toBeUndefined();
  });

  it('the schema refuses too many, a part number of a quantity, nothing at all, a reason not open for the line and a long note', () => {
    const schema = returnFormSchema(lines);
    const messages = (v: unknown) => (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    const base = returnDefaults(lines);
    expect(
      messages({
        lines: [
          { ...base.lines[0], quantity: '5' },
          { ...base.lines[1], quantity: '0.5' },
        ],
      }),
    ).toEqual(['lines.0.quantity: At most 4 can be returned', 'lines.1.quantity: A whole number, 0 returns none']);
    expect(messages(base)).toEqual(['lines: Return at least one unit of one line']);
    expect(messages({ lines: [base.lines[0], { quantity: '1', reason: 'wrong-part', note: 'x'.repeat(501) }] })).toEqual([
      'lines.1.reason: Choose why it goes back',
      'lines.1.note: At most 500 characters',
    ]);
    expect(schema.parse({ lines: [{ ...base.lines[0], quantity: '4' }, base.lines[1]] })).toEqual({
      lines: [{ lineId: '0', quantity: 4, reason: 'wrong-part' }],
    });
  });
});

describe('the returns’ words', () => {
  it('names a reason with the last day of its window, and what happens next from the state', () => {
    expect(reasonOptionText('wrong-part', '2026-12-03T18:00:00.000Z')).toBe('Wrong part (until Dec 3)');
    expect(nextStepText({ state: 'requested', declineReason: null, refund: null })).toMatch(/^We review your request/);
    expect(nextStepText({ state: 'declined', declineReason: 'Used part', refund: null })).toBe('Declined: “Used part”');
    const refund = { parts: 1, fee: 0, shipping: 0, tax: 0, total: 1, refundId: null, creditNoteId: 'cn_1' };
    expect(nextStepText({ state: 'refunded', declineReason: null, refund: { ...refund, method: 'credit-note' } })).toMatch(/credit note/);
    expect(nextStepText({ state: 'refunded', declineReason: null, refund: { ...refund, method: 'card' } })).toMatch(/to the card/);
    expect(unitsOf({ lines: [{ quantity: 2 }, { quantity: 3 }] as never })).toBe(5);
  });
});

describe('a warranty claim in the Return dialog (decision 0087)', () => {
  const claim = { modelNumber: ' RF28 ', serialNumber: 'S-1', installedOn: '2025-06-01', failure: 'No cooling' };
  const lines: ReturnableLine[] = [
    { lineId: '0', name: 'Compressor', partNumber: null, quantity: 2, reasons: [{ reason: 'warranty', until: '2027-11-03T18:00:00.000Z' }] },
  ];

  it('sends the appliance only with a warranty line returned, trimmed, and names its fields for the server', () => {
    const form = { lines: [{ quantity: '1', reason: 'warranty' as const, note: '' }], warranty: claim };
    expect(claimsWarranty(form)).toBe(true);
    expect(returnBodyOf(form, lines).body).toEqual({
      lines: [{ lineId: '0', quantity: 1, reason: 'warranty' }],
      warranty: { ...claim, modelNumber: 'RF28' },
    });
    expect(claimsWarranty({ lines: [{ quantity: '0', reason: 'warranty', note: '' }] })).toBe(false);
    expect(returnBodyOf({ ...form, lines: [{ quantity: '1', reason: 'defective', note: '' }] }, lines).body.warranty).toBeUndefined();
    expect(returnFieldOf('warranty.installedOn', [0])).toBe('warranty.installedOn');
  });

  it('refuses a claim without its appliance through the server schema', () => {
    const schema = returnFormSchema(lines);
    const form = { lines: [{ quantity: '1', reason: 'warranty' as const, note: '' }], warranty: { ...claim, serialNumber: '' } };
    expect(schema.safeParse(form).success).toBe(false);
    expect(schema.safeParse({ ...form, warranty: claim }).success).toBe(true);
  });
});
