import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '../../data/firestore';
import type { ShipmentDoc } from '@fridgeparts/common/shipping/shipments';
import { deliveredEmail, shipmentEmail } from './shipment-emails';

const b = { email: 'casey@example.test', userName: 'Casey <Repairs>', orderNumber: 'FP-2026-000042', poNumber: 'JOB-9' } as BookingDoc;
const s: ShipmentDoc<Timestamp> = {
  id: 'a'.repeat(24),
  key: 'k',
  fingerprint: 'f',
  lines: [
    { lineId: '0', toolId: 't1', partNumber: 'FP-DG-1', name: 'Door Gasket', quantity: 2 },
    { lineId: '1', toolId: 't2', partNumber: null, name: 'Timer', quantity: 1 },
  ],
  carrier: 'usps',
  service: 'Priority',
  trackingNumbers: ['9400100000000000000000', '9400100000000000000001'],
  trackingUrl: null,
  shippedAt: Timestamp.fromMillis(0),
  deliveredAt: null,
  cancelledAt: null,
};

describe('the shipment emails (decision 0079)', () => {
  it('names the shipment’s lines, carrier and a tracking link per number; part or whole in the subject', () => {
    const part = shipmentEmail(b, s, 'b1', false);
    expect(part.subject).toBe('Part of order FP-2026-000042 has shipped');
    expect(part.text).toContain('2 x Door Gasket (FP-DG-1)');
    expect(part.text).toContain('1 x Timer');
    expect(part.text).toContain('Carrier: USPS Priority');
    expect(part.text).toContain('Track package 2: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000001');
    expect(part.html).toContain('Casey &#60;Repairs&#62;');
    expect(shipmentEmail(b, s, 'b1', true).subject).toBe('Order FP-2026-000042 has shipped');
  });
  it('says when the whole order has arrived', () => {
    expect(deliveredEmail(b, s, 'b1', true).text).toContain('the whole order has arrived');
    expect(deliveredEmail(b, { ...s, carrier: 'freight', trackingNumbers: [], trackingUrl: 'https://ltl.example.com/t/1' }, 'b1', false).text).toContain(
      'Track the shipment: https://ltl.example.com/t/1',
    );
  });
});
