import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { chooseShipTo, companyOrderFields, shipToAddressText, shipToChoices, type OrderCompany } from './company-side';
import { needsApproval } from '../orders/approvals';

const ADDRESS = { line1: '400 Compressor Way', line2: '', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const company = {
  name: 'Arctic Repair Co.',
  shipTo: [
    { id: 's1', label: 'Main shop', address: ADDRESS },
    { id: 's3', label: 'Warehouse', address: { ...ADDRESS, line1: '12 Depot Road', line2: 'Dock 4' } },
  ],
};

function thrown(f: () => unknown): AppError {
  try {
    f();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('did not throw');
}

describe('chooseShipTo', () => {
  it('takes the location named', () => {
    expect(chooseShipTo(company, 's3').label).toBe('Warehouse');
  });
  it('400 naming the choices when none, an unknown or a removed id is sent', () => {
    for (const id of [undefined, 's2', 's9']) {
      const err = thrown(() => chooseShipTo(company, id));
      expect(err.status).toBe(400);
      expect(err.message).toContain('s1 (Main shop), s3 (Warehouse)');
      expect(Object.keys(err.fields ?? {})).toEqual(['shipToId']);
    }
  });
  it('a company without locations is a 409 that says who can fix it, never a 5xx', () => {
    const err = thrown(() => chooseShipTo({ name: 'Empty Co', shipTo: [] }, 's1'));
    expect(err.status).toBe(409);
    expect(err.message).toMatch(/no ship-to location/);
  });
});

describe('the copied address', () => {
  it('reads as one line with the label first, empty parts left out', () => {
    expect(shipToAddressText(company.shipTo[0])).toBe('Main shop, 400 Compressor Way, Springfield, IL 62701, US');
    expect(shipToAddressText(company.shipTo[1])).toBe('Warehouse, 12 Depot Road, Dock 4, Springfield, IL 62701, US');
    expect(shipToChoices(company.shipTo)).toBe('s1 (Main shop), s3 (Warehouse)');
  });
});

describe('needsApproval', () => {
  it('only a total above a set limit waits', () => {
    expect(needsApproval(50_001, 50_000)).toBe(true);
    expect(needsApproval(50_000, 50_000)).toBe(false);
    expect(needsApproval(1, 0)).toBe(true);
    expect(needsApproval(99_999_999, null)).toBe(false);
  });
});

describe('companyOrderFields', () => {
  const member: OrderCompany = {
    companyId: 'c1',
    company: { name: 'Arctic', terms: 'card', creditLimitCents: null, openInvoiceCents: 0 },
    shipTo: company.shipTo[1],
    spendingLimitCents: 50_000,
    admins: [],
  };
  const placed = Timestamp.fromMillis(1_000_000);
  it('an order of no company says so with nulls', () => {
    expect(companyOrderFields(null, 100, placed)).toEqual({ companyId: null, shipToId: null });
  });
  it('a member within the limit: reserved, with the ship-to copied', () => {
    expect(companyOrderFields(member, 50_000, placed)).toEqual({
      companyId: 'c1',
      shipToId: 's3',
      shipToAddress: company.shipTo[1].address,
      address: 'Warehouse, 12 Depot Road, Dock 4, Springfield, IL 62701, US',
      state: 'reserved',
      approval: null,
    });
  });
  it('POST /booking (no ship-to): the order is the company’s, shipped to the address sent', () => {
    expect(companyOrderFields({ ...member, shipTo: null }, 100, placed)).toEqual({ companyId: 'c1', shipToId: null, state: 'reserved', approval: null });
  });
  it('over the limit: waits, with the limit it passed', () => {
    const f = companyOrderFields(member, 50_001, placed, 48);
    expect(f.state).toBe('awaiting-approval');
    // Released by the sweep one hold after it was placed unless someone decides (decision 0061).
    const expiresAt = Timestamp.fromMillis(1_000_000 + 48 * 3_600_000);
    expect(f.approval).toEqual({ spendingLimitCents: 50_000, decision: null, decidedBy: null, decidedAt: null, note: null, expiresAt });
  });
});
