import { describe, expect, it } from 'vitest';
import type { Booking } from '@fridgeparts/common/booking';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { pdfText } from '../../testing/pdf-text';
import { buildPackingSlip, shipToLines, slipLines, slipRows } from './packing-slip';

const booking = {
  _id: 'b1',
  orderNumber: 'FP-2026-000042',
  poNumber: null,
  userName: 'Casey',
  email: 'casey@example.test',
  phone: '+1 555 0100',
  address: '12 Frost Lane\nSpringfield',
  shippingAddress: null,
  lines: [
    { quantity: 5, price: 10 },
    { quantity: 3, price: 20 },
  ],
} as unknown as Booking;
const shipment: Shipment = {
  id: 'a'.repeat(24),
  lines: [{ lineId: '1', toolId: 't', partNumber: 'FP-T-2', name: 'Timer', quantity: 2 }],
  carrier: 'ups',
  service: null,
  trackingNumbers: ['1Z1'],
  trackingUrls: ['https://www.ups.com/track?tracknum=1Z1'],
  shippedAt: '2026-11-29T10:00:00.000Z',
  deliveredAt: null,
};

describe('the packing slip (decision 0079)', () => {
  it('ships to the address object when there is one, else the one-line address as given', () => {
    expect(shipToLines(booking)).toEqual(['Casey', '12 Frost Lane', 'Springfield', 'Phone: +1 555 0100']);
    const withAddress = { ...booking, shippingAddress: { line1: '1 Main St', line2: null, city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' } };
    expect(shipToLines(withAddress as unknown as Booking)).toEqual(['Casey', '1 Main St', 'Dallas, TX 75201', 'US', 'Phone: +1 555 0100']);
  });
  it('lists the box’s lines with the quantity ordered, and no prices', () => {
    expect(slipRows(booking, shipment)).toEqual([['2', 'FP-T-2', 'Timer', '2', '3']]);
    expect(slipLines(booking, shipment)).toContainEqual(['Track at', 'https://www.ups.com/track?tracknum=1Z1']);
    expect(JSON.stringify([slipRows(booking, shipment), slipLines(booking, shipment)])).not.toMatch(/\$/);
  });
  it('builds a PDF', async () => {
    const pdf = await buildPackingSlip(booking, shipment);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('the packing slip as printed', () => {
  it('reads back the ship-to, the lines above the table and the table, heads first', async () => {
    const text = pdfText(await buildPackingSlip(booking, shipment));
    expect(text).toContain('PACKING SLIP Ship to Casey 12 Frost Lane Springfield Phone: +1 555 0100');
    expect(text).toContain(
      `Order number: FP-2026-000042 PO number: - Shipment: ${'a'.repeat(24)} Shipped: 2026-11-29 Carrier: UPS Tracking: 1Z1 Track at: https://www.ups.com/track?tracknum=1Z1`,
    );
    expect(text).toContain('Line Part number Item Quantity Of ordered 2 FP-T-2 Timer 2 3');
    expect(text).not.toMatch(/\$/);
  });

  it('runs onto more pages for 60 lines, the heads again atop each', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({ ...shipment.lines[0]!, lineId: String(i % 2), name: `Timer ${i}` }));
    const text = pdfText(await buildPackingSlip(booking, { ...shipment, lines }));
    expect(text.match(/Line Part number Item Quantity Of ordered/g)?.length).toBeGreaterThan(1);
    expect(text).toContain('2 FP-T-2 Timer 59 2 3');
  });
});
