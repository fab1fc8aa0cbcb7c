import { describe, expect, it } from 'vitest';
import type { Booking } from '@fridgeparts/common/booking';
import { sampleBooking, sampleBookingLine } from '@fridgeparts/common/testing/sample-booking';
import { buildOrderDocument, documentFileName, documentKindOf, documentLines, documentRows, documentTotals } from './order-document';

const booking: Booking = sampleBooking();

describe('documentKindOf', () => {
  it('is a purchase order until paid, an invoice after, and says refunded', () => {
    expect(documentKindOf('reserved')).toMatchObject({ kind: 'Purchase order', payment: expect.stringMatching(/unpaid/i) });
    expect(documentKindOf('expired')).toMatchObject({ kind: 'Purchase order', payment: expect.stringMatching(/expired/i) });
    expect(documentKindOf('paid')).toMatchObject({ kind: 'Invoice', payment: 'Paid' });
    expect(documentKindOf('shipped')).toMatchObject({ kind: 'Invoice', payment: expect.stringMatching(/shipped/i) });
    expect(documentKindOf('refunded')).toMatchObject({ kind: 'Invoice', title: expect.stringMatching(/REFUNDED/), payment: 'Refunded' });
  });
});

describe('documentLines, documentRows, documentTotals', () => {
  it('lists each line’s refundable core deposit in the totals, with the cores owed and their day, or kept (decision 0088)', () => {
    const line = booking.lines[0]!;
    const order = {
      ...booking,
      lines: [
        { ...line, name: 'Compressor', coreDeposit: 150, coresOwed: 2, coresDueOn: '2027-01-28' },
        { ...line, name: 'Condensing Unit', coreDeposit: 250, coresKept: true },
        line,
      ],
    };
    expect(documentTotals(order).slice(0, 4)).toEqual([
      ['Core deposit, refundable (Compressor)', '$150.00'],
      ['Cores owed (Compressor)', '2, return by 2027-01-28'],
      ['Core deposit, refundable (Condensing Unit)', '$250.00'],
      ['Cores kept (Condensing Unit)', 'not returned in time, deposit kept'],
    ]);
    expect(documentTotals(booking).map(([label]) => label)).not.toContain('Core deposit, refundable (Door Gasket)');
  });

  it('lists every field the contract names, with money formatted', () => {
    const paid = { ...booking, state: 'paid' as const, paid: true, transactionId: 'pi_9' };
    expect(Object.fromEntries(documentLines(paid))).toEqual({
      'Order number': 'FP-2026-000123',
      Date: '2026-06-01',
      Buyer: 'Casey Customer <casey@example.test>',
      'PO number': 'JOB-7',
      'Ship to': '12 Frost Lane, Springfield',
      Phone: '+1 555 010 2030',
    });
    expect(documentRows(paid)).toEqual([['FP-GSK-001', 'Door Gasket', '3', '$19.99', '$59.97']]);
    expect(Object.fromEntries(documentTotals(paid))).toEqual({ Total: '$59.97', Payment: 'Paid', 'Transaction id': 'pi_9' });
  });

  it('prints the sales tax row between the shipping and the total, or the words where none is collected (CONTRACT §15)', () => {
    const tax = {
      amount: 4.35,
      calculationId: 'taxcalc_1',
      lines: [{ lineId: '0', amount: 4.35 }],
      shipping: 0,
      reason: 'standard_rated' as const,
      state: 'CA',
      rate: '7.25',
      exemption: null,
      note: null,
    };
    const taxed = { ...booking, total: 88.32, shipping: { methodId: 'parcel-ground', name: 'UPS Ground', carrier: 'ups' as const, amount: 24 }, tax };
    expect(documentTotals(taxed).slice(0, 3)).toEqual([
      ['Shipping (UPS Ground)', '$24.00'],
      ['Sales tax (CA 7.25%)', '$4.35'],
      ['Total', '$88.32'],
    ]);
    const oregon = { ...taxed, tax: { ...tax, amount: 0, lines: [{ lineId: '0', amount: 0 }], reason: 'not_collecting' as const, state: 'OR', rate: null } };
    expect(documentTotals(oregon)[1]).toEqual(['No sales tax collected for OR', '$0.00']);
    expect(documentTotals(booking).map(([label]) => label)).not.toContain('Sales tax');
  });

  it('prints the shipping chosen above the total, free as Free (CONTRACT §14)', () => {
    const shipped = { ...booking, total: 83.97, shipping: { methodId: 'parcel-ground', name: 'UPS Ground', carrier: 'ups' as const, amount: 24 } };
    expect(documentTotals(shipped).slice(0, 2)).toEqual([
      ['Shipping (UPS Ground)', '$24.00'],
      ['Total', '$83.97'],
    ]);
    expect(documentTotals({ ...shipped, shipping: { ...shipped.shipping, amount: 0 } })[0]).toEqual(['Shipping (UPS Ground)', 'Free']);
  });

  it('has a row per line of an order, and the order total', () => {
    const lines = [
      sampleBookingLine({ toolId: 't1', partNumber: 'FP-GSK-001', name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97 }),
      sampleBookingLine({ toolId: 't2', partNumber: null, name: 'Start Relay', quantity: 100, price: 12, lineTotal: 1200 }),
    ];
    const order = { ...booking, lines, lineCount: 2, total: 1259.97 };
    expect(documentRows(order)).toEqual([
      ['FP-GSK-001', 'Door Gasket', '3', '$19.99', '$59.97'],
      ['-', 'Start Relay', '100', '$12.00', '$1,200.00'],
    ]);
    expect(documentTotals(order)[0]).toEqual(['Total', '$1,259.97']);
  });

  it('says under the item the number a line was ordered by when not its own (CONTRACT §11)', () => {
    const lines = [
      sampleBookingLine({
        toolId: 't1',
        partNumber: 'FP-DFT-8H25',
        name: 'Defrost Timer',
        quantity: 20,
        price: 22.9,
        lineTotal: 458,
        resolvedFrom: { number: 'FP-DFT-6H21', kind: 'discontinued' },
      }),
      sampleBookingLine({
        toolId: 't2',
        partNumber: 'FP-GSK-001',
        name: 'Door Gasket',
        quantity: 3,
        price: 19.99,
        lineTotal: 59.97,
        resolvedFrom: { number: 'WR24X10171', kind: 'oem' },
      }),
    ];
    expect(documentRows({ ...booking, lines, lineCount: 2, total: 517.97 }).map((r) => r[1])).toEqual([
      'Defrost Timer\nOrdered as FP-DFT-6H21 (replaced by this part)',
      'Door Gasket\nOrdered as WR24X10171 (the appliance maker’s number)',
    ]);
  });

  it('shows a dash for a missing PO number and transaction id', () => {
    expect(Object.fromEntries(documentLines({ ...booking, poNumber: null }))['PO number']).toBe('-');
    expect(Object.fromEntries(documentTotals(booking))['Transaction id']).toBe('-');
  });
});

describe('documentFileName', () => {
  it('uses the order number, or the id for bookings made before order numbers', () => {
    expect(documentFileName(booking)).toBe('FP-2026-000123.pdf');
    expect(documentFileName({ _id: 'abc123', orderNumber: '' })).toBe('abc123.pdf');
    expect(documentFileName({ _id: 'x', orderNumber: 'A"B;\r\nC' })).toBe('A-B---C.pdf');
  });
});

describe('buildOrderDocument', () => {
  it('makes a PDF, the same bytes for the same booking', async () => {
    const a = await buildOrderDocument(booking);
    const b = await buildOrderDocument(booking);
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(a.subarray(-6).toString('latin1')).toMatch(/%%EOF/);
    expect(a.length).toBeGreaterThan(1000);
    // pdfkit adds a random document id; apart from it the files match.
    const strip = (buf: Buffer) => buf.toString('latin1').replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '');
    expect(strip(a)).toBe(strip(b));
  });

  it('runs onto more pages for 50 lines', async () => {
    const lines = Array.from({ length: 50 }, (_, i) =>
      sampleBookingLine({
        toolId: `t${i}`,
        partNumber: `FP-LINE-${i}`,
        name: `Part ${i} with a long name that wraps in its column`,
        quantity: 10,
        price: 1,
        lineTotal: 10,
      }),
    );
    const pdf = (await buildOrderDocument({ ...booking, lines, lineCount: 50, total: 500 })).toString('latin1');
    expect(pdf.match(/\/Type \/Page\b/g)?.length).toBeGreaterThan(1);
  });
});
