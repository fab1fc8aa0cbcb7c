import { describe, expect, it } from 'vitest';
import { INVOICE_PAYMENT_STATUSES } from '@fridgeparts/common/invoice';
import { INVOICE_STATUS_LABELS, invoiceStatusPhrase, onAccountPaymentText } from './invoice-status-text';

describe('the words of an invoice status, from one map', () => {
  it('says each status as the invoices table, the company orders and the order page show it', () => {
    const shown = INVOICE_PAYMENT_STATUSES.map((s) => [s, INVOICE_STATUS_LABELS[s], invoiceStatusPhrase(s), onAccountPaymentText(s)]);
    expect(shown).toEqual([
      ['pending', 'Being issued', 'invoice being issued', 'On account; the invoice is being issued'],
      ['open', 'Open', 'invoice open', 'On account; invoice open'],
      ['paid', 'Paid', 'invoice paid', 'On account; invoice paid'],
      ['void', 'Voided', 'invoice voided', 'On account; invoice voided'],
      ['uncollectible', 'Uncollectible', 'invoice uncollectible', 'On account; invoice marked uncollectible'],
    ]);
  });

  it('names the invoice by its number once it has one', () => {
    expect(invoiceStatusPhrase('open', 'NW-0007')).toBe('invoice NW-0007 open');
    expect(invoiceStatusPhrase('open', null)).toBe('invoice open');
  });
});
