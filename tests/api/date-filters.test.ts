import '../support/env';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { parseCsv } from '../support/csv';
import { db, makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, expectError, makeBooking, useCast } from './fixtures';

/**
 * CONTRACT §13: the date filters of Manage All Orders (GET /bookingOrder) and of the orders export
 * (GET /bookingOrder/export.csv) name days whose start and end Firestore can store: 0001-01-01 to
 * 9999-12-30. A day at or past either end is 400 with the error body, never a 500.
 */

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });
let first: string;
let last: string;

beforeAll(async () => {
  const toolId = await makeTool();
  // Orders stored at the first instant Firestore stores and late on the last day a filter names.
  first = await makeBooking(customer, toolId);
  await db
    .collection('bookings')
    .doc(first)
    .update({ createdAt: Timestamp.fromMillis(Date.parse('0001-01-01T00:00:00Z')) });
  last = await makeBooking(customer, toolId);
  await db
    .collection('bookings')
    .doc(last)
    .update({ createdAt: Timestamp.fromMillis(Date.parse('9999-12-30T23:59:59.999Z')) });
});

const list = (filter: { from?: string; to?: string }) => api().get(API.filteredOrders(filter)).set(bearer(admin.token));
const exported = (filter: { from?: string; to?: string }) => api().get(API.exportOrders(filter)).set(bearer(admin.token));
const orderNumbersOf = async (csv: string) => {
  const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
  const col = rows[0].indexOf('Order number');
  return rows.slice(1).map((r) => r[col]);
};
const orderNumberOf = async (id: string) => (await db.collection('bookings').doc(id).get()).get('orderNumber') as string;

describe.each([
  ['GET /bookingOrder (Manage All Orders)', list],
  ['GET /bookingOrder/export.csv', exported],
])('%s: date filters at and past the ends of what Firestore stores', (_label, call) => {
  it.each([
    [{ to: '9999-12-31' }],
    [{ from: '9999-12-31', to: '9999-12-31' }],
    [{ from: '9999-12-31' }],
    [{ from: '0000-12-31' }],
    [{ from: '0000-01-01', to: '2026-01-01' }],
    [{ to: '10000-01-01' }],
  ])('%j is 400 with the error body naming the days it takes', async (filter) => {
    const res = await call(filter).expect(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expectError(res.body, 'invalid-argument', /(must be a day from 0001-01-01 to 9999-12-30|must be a date like)/);
  });

  it('the first and the last day it takes find the orders stored on them', async () => {
    const firstRes = await call({ from: '0001-01-01', to: '0001-01-01' }).expect(200);
    const lastRes = await call({ from: '9999-12-30', to: '9999-12-30' }).expect(200);
    if (call === list) {
      expect((firstRes.body as { _id: string }[]).map((b) => b._id)).toEqual([first]);
      expect((lastRes.body as { _id: string }[]).map((b) => b._id)).toEqual([last]);
    } else {
      expect(await orderNumbersOf(firstRes.text)).toEqual([await orderNumberOf(first)]);
      expect(await orderNumbersOf(lastRes.text)).toEqual([await orderNumberOf(last)]);
    }
    const all = await call({ from: '0001-01-01', to: '9999-12-30' }).expect(200);
    if (call === list) expect((all.body as unknown[]).length).toBe(2);
    else expect(await orderNumbersOf(all.text)).toHaveLength(2);
  });
});
