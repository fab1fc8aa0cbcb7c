import '../support/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { makeTool } from '../support/firestore';
import { bookingDoc, GOOD_CONTACT, placeBooking, signedUpUser, useCast } from './fixtures';
import { mailSettled } from './mail-inbox';

/**
 * CONTRACT §9: what the shop takes from a caller's ID token. Anyone can set their own display
 * name through Firebase Auth's public API, so it is checked like any other text before the shop
 * stores it on an order or writes it into an email.
 */
useCast({});
let toolId: string;

beforeAll(async () => {
  toolId = await makeTool({ name: 'Door Gasket', minimumQuantity: 2, availableQuantity: 50 });
});

describe('display names from the token', () => {
  it.each([
    ['on two lines', 'Lee\nBcc: everyone@example.test'],
    ['longer than 80 characters', 'L'.repeat(81)],
    ['with a control character', 'Lee\u0007Lines'],
  ])('stores "Customer" for a name %s, on the user record and the order', async (_label, name) => {
    const user = await signedUpUser({ name });
    const res = await placeBooking(user, { toolId, quantity: 2, ...GOOD_CONTACT }).expect(201);
    expect(res.body.userName).toBe('Customer');
    expect((await bookingDoc(res.body._id))?.userName).toBe('Customer');
    const record = await api().get(API.userRecord(user.email)).set(bearer(user.token)).expect(200);
    expect(JSON.stringify(record.body)).not.toContain('Bcc:');
    await mailSettled();
  });

  it('keeps a good name, trimmed', async () => {
    const user = await signedUpUser({ name: '  Zoë Ñúñez  ' });
    const res = await placeBooking(user, { toolId, quantity: 2, ...GOOD_CONTACT }).expect(201);
    expect(res.body.userName).toBe('Zoë Ñúñez');
    await mailSettled();
  });
});
