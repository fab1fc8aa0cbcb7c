import { describe, expect, it } from 'vitest';
import { ApiError } from '../infra/api-client';
import { isLinePath, problemsByLine } from './line-problems';

describe('problemsByLine', () => {
  it("maps lines.{i}.{field} to line i's message, the first one when a line has several", () => {
    const err = new ApiError(400, 'invalid-argument', 'Some lines cannot be booked.', {
      'lines.2.quantity': 'Only 20 available',
      'lines.0.partNumber': 'No tool has part number FP-NOPE',
      'lines.2.toolId': 'Listed twice',
      phone: 'Phone is required',
    });
    expect([...problemsByLine(err)]).toEqual([
      [2, 'Only 20 available'],
      [0, 'No tool has part number FP-NOPE'],
    ]);
  });

  it('is empty for an error without fields, a field that is not a line, and anything not from the API', () => {
    expect(problemsByLine(new ApiError(409, 'conflict', 'Sold out'))).toEqual(new Map());
    expect(problemsByLine(new ApiError(400, 'invalid-argument', 'Bad', { lines: 'At most 50 lines', 'lines.x.quantity': 'no index' }))).toEqual(new Map());
    expect(problemsByLine(new Error('offline'))).toEqual(new Map());
    expect(problemsByLine(undefined)).toEqual(new Map());
  });

  it('tells a line path from a form field', () => {
    expect(isLinePath('lines.0.quantity')).toBe(true);
    expect(isLinePath('phone')).toBe(false);
    expect(isLinePath('lines')).toBe(false);
  });
});
