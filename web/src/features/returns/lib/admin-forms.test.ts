import { describe, expect, it } from 'vitest';
import { returnFixture } from './return-fixtures';
import { approveDefaults, receiveBodyOf, receiveDefaults } from './admin-forms';
import { approveFormSchema, declineFormSchema, receiveFormSchema } from './admin-schemas';

const r = returnFixture({
  lines: [
    { ...returnFixture().lines[0]!, quantity: 3, reason: 'not-needed' },
    { ...returnFixture().lines[0]!, lineId: '4', quantity: 1, reason: 'defective' },
  ],
});
const messages = (schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } }, v: unknown) =>
  (schema.safeParse(v).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the Returns screen’s dialogs (CONTRACT §16)', () => {
  it('Approve starts from the server’s default fee: 15 when a part is not needed, else 0; a whole number from 0 to 50', () => {
    expect(approveDefaults(r)).toEqual({ restockingFeePercent: '15' });
    expect(approveDefaults(returnFixture())).toEqual({ restockingFeePercent: '0' });
    const schema = approveFormSchema();
    for (const bad of ['51', '-1', '2.5', '', 'ten'])
      expect(messages(schema, { restockingFeePercent: bad })).toEqual(['restockingFeePercent: A whole number from 0 to 50']);
    expect(schema.parse({ restockingFeePercent: ' 50 ' })).toEqual({ restockingFeePercent: 50 });
  });

  it('Decline needs a reason of at most 500 characters, sent trimmed', () => {
    const schema = declineFormSchema();
    expect(messages(schema, { reason: '  ' })).toEqual(['reason: Say why: the buyer is emailed it']);
    expect(messages(schema, { reason: 'x'.repeat(501) })).toEqual(['reason: At most 500 characters']);
    expect(schema.parse({ reason: ' Used ' })).toEqual({ reason: 'Used' });
  });

  it('Receive starts at every unit resaleable; per line the two counts whole and together at most its quantity; a blank is 0', () => {
    expect(receiveDefaults(r)).toEqual({
      lines: [
        { resaleable: '3', damaged: '0' },
        { resaleable: '1', damaged: '0' },
      ],
    });
    const schema = receiveFormSchema(r);
    expect(
      messages(schema, {
        lines: [
          { resaleable: '3', damaged: '1' },
          { resaleable: '0.5', damaged: '-1' },
        ],
      }),
    ).toEqual([
      'lines.0.damaged: Resaleable and damaged together at most 3',
      'lines.1.resaleable: A whole number, 0 or more',
      'lines.1.damaged: A whole number, 0 or more',
    ]);
    const form = {
      lines: [
        { resaleable: '2', damaged: '' },
        { resaleable: '0', damaged: '1' },
      ],
    };
    expect(receiveBodyOf(form, r)).toEqual({
      lines: [
        { lineId: '0', resaleable: 2, damaged: 0 },
        { lineId: '4', resaleable: 0, damaged: 1 },
      ],
    });
    expect(schema.parse(form)).toEqual(receiveBodyOf(form, r));
  });
});
