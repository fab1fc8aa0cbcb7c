import { describe, expect, it } from 'vitest';
import { INVOICE_FILTER_LABELS, INVOICE_FILTERS, invoiceFilterOf, isOverdue } from './invoice-status';

const NOW = Date.parse('2026-12-01T12:00:00Z');

describe('invoiceFilterOf', () => {
  it('takes a known filter from the address and falls back to the open invoices', () => {
    expect(invoiceFilterOf('paid')).toBe('paid');
    expect(invoiceFilterOf('all')).toBe('all');
    for (const value of [null, '', 'OPEN', 'unknown', 'constructor']) expect(invoiceFilterOf(value)).toBe('open');
  });

  it('offers each status in the words of its chip, then All', () => {
    expect(INVOICE_FILTERS.map((f) => INVOICE_FILTER_LABELS[f])).toEqual(['Open', 'Paid', 'Voided', 'Uncollectible', 'Being issued', 'All']);
  });
});

describe('isOverdue', () => {
  it('marks an invoice still owed whose due date has passed', () => {
    expect(isOverdue({ status: 'open', dueDate: '2026-11-30T00:00:00Z' }, NOW)).toBe(true);
    expect(isOverdue({ status: 'uncollectible', dueDate: '2026-11-30T00:00:00Z' }, NOW)).toBe(true);
  });
  it('never marks one not yet due, one settled, or one without a due date', () => {
    expect(isOverdue({ status: 'open', dueDate: '2026-12-31T00:00:00Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'paid', dueDate: '2026-11-30T00:00:00Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'void', dueDate: '2026-11-30T00:00:00Z' }, NOW)).toBe(false);
    expect(isOverdue({ status: 'pending', dueDate: null }, NOW)).toBe(false);
    expect(isOverdue({ status: 'open', dueDate: 'not a date' }, NOW)).toBe(false);
  });
});
