/**
 * One named test per line of each collection's comment in firestore.rules (STYLE habit 9).
 * Runs against the official Firestore emulator only (npm test says when it is skipped).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, orderBy, query, setDoc, updateDoc, where } from 'firebase/firestore';
import { ADMIN_CLAIM, MAX_PAGE_SIZE } from '../../common/src/constants';
import { localHostPort, PROJECT_ID } from '../../common/src/local-stack';

let env: RulesTestEnvironment;
const [host, port] = (process.env.FIRESTORE_EMULATOR_HOST ?? localHostPort('firestore')).split(':');

beforeAll(async () => {
  env = await initializeTestEnvironment({
    projectId: PROJECT_ID,
    firestore: { rules: readFileSync(path.resolve(__dirname, '../../firestore.rules'), 'utf8'), host, port: Number(port) },
  });
});
afterAll(async () => env?.cleanup());

beforeEach(async () => {
  await env.clearFirestore();
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    await setDoc(doc(db, 'tools/t1'), { name: 'Gasket', priceCents: 100, availableQuantity: 5 });
    await setDoc(doc(db, 'reviews/r1'), { review: 5, description: 'Good', userName: 'Alice' });
    await setDoc(doc(db, 'reviewAuthors/r1'), { uid: 'alice' });
    await setDoc(doc(db, 'hiddenReviews/r0'), { review: 1, description: 'Hidden', userName: 'Mallory', hiddenBy: 'root' });
    await setDoc(doc(db, 'users/root'), { email: 'root@example.test', role: 'admin' });
    await setDoc(doc(db, 'users/demoted'), { email: 'demoted@example.test', role: 'customer' });
    await setDoc(doc(db, 'users/alice'), { email: 'alice@example.test', role: 'customer' });
    await setDoc(doc(db, 'users/bob'), { email: 'bob@example.test', role: 'customer' });
    await setDoc(doc(db, 'bookings/b-alice'), { uid: 'alice', totalCents: 500, paid: false });
    await setDoc(doc(db, 'bookings/b-bob'), { uid: 'bob', totalCents: 700, paid: false });
    await setDoc(doc(db, 'profiles/alice'), { uid: 'alice', education: 'BSc' });
    await setDoc(doc(db, 'profiles/bob'), { uid: 'bob', education: 'MSc' });
    await setDoc(doc(db, 'stripeEvents/evt_1'), { type: 'payment_intent.succeeded' });
  });
});

const anon = () => env.unauthenticatedContext().firestore();
const alice = () => env.authenticatedContext('alice', { email: 'alice@example.test' }).firestore();
const admin = () => env.authenticatedContext('root', { email: 'root@example.test', [ADMIN_CLAIM]: true }).firestore();
/** A token minted while still admin, after the function set users/demoted.role to customer. */
const demotedAdmin = () => env.authenticatedContext('demoted', { email: 'demoted@example.test', [ADMIN_CLAIM]: true }).firestore();

describe('admin (claim and live role)', () => {
  it('a demoted admin whose token still carries the claim loses admin reads at once', async () => {
    await assertFails(getDocs(collection(demotedAdmin(), 'bookings')));
    await assertFails(getDocs(collection(demotedAdmin(), 'users')));
    await assertSucceeds(getDocs(collection(admin(), 'bookings')));
  });
});

// The web's largest Firestore list (the home page's reviews) asks for MAX_PAGE_SIZE; the rules allow 100.
const LIST_LIMIT = 100;

describe('tools', () => {
  it('anyone may read the catalogue', async () => {
    await assertSucceeds(getDoc(doc(anon(), 'tools/t1')));
    await assertSucceeds(getDocs(query(collection(anon(), 'tools'), limit(6))));
    // The home page's query (firestore-tools.ts): newest first, a handful.
    await assertSucceeds(getDocs(query(collection(anon(), 'tools'), orderBy('createdAt', 'desc'), limit(6))));
  });
  it('a list asks for at most 100 tools (a larger or unlimited query is refused)', async () => {
    expect(MAX_PAGE_SIZE).toBeLessThanOrEqual(LIST_LIMIT);
    await assertSucceeds(getDocs(query(collection(anon(), 'tools'), limit(LIST_LIMIT))));
    await assertSucceeds(getDocs(query(collection(admin(), 'tools'), limit(MAX_PAGE_SIZE))));
    await assertFails(getDocs(query(collection(anon(), 'tools'), limit(LIST_LIMIT + 1))));
    await assertFails(getDocs(query(collection(admin(), 'tools'), limit(LIST_LIMIT + 1))));
    await assertFails(getDocs(collection(anon(), 'tools')));
    await assertFails(getDocs(query(collection(alice(), 'tools'), orderBy('createdAt', 'desc'))));
  });
  it('nobody writes from a client', async () => {
    await assertFails(setDoc(doc(alice(), 'tools/t2'), { name: 'Free', priceCents: 0 }));
    await assertFails(updateDoc(doc(admin(), 'tools/t1'), { availableQuantity: 999 }));
    await assertFails(deleteDoc(doc(admin(), 'tools/t1')));
  });
});

describe('reviews', () => {
  it('anyone may read reviews', async () => {
    await assertSucceeds(getDoc(doc(anon(), 'reviews/r1')));
    // The home page's and a tool page's queries (firestore-reviews.ts).
    await assertSucceeds(getDocs(query(collection(anon(), 'reviews'), orderBy('createdAt', 'desc'), limit(MAX_PAGE_SIZE))));
    await assertSucceeds(getDocs(query(collection(anon(), 'reviews'), where('toolId', '==', 't1'), orderBy('createdAt', 'desc'), limit(MAX_PAGE_SIZE))));
  });
  it('a list asks for at most 100 reviews (a larger or unlimited query is refused)', async () => {
    await assertSucceeds(getDocs(query(collection(anon(), 'reviews'), limit(LIST_LIMIT))));
    await assertFails(getDocs(query(collection(anon(), 'reviews'), limit(LIST_LIMIT + 1))));
    await assertFails(getDocs(query(collection(admin(), 'reviews'), limit(LIST_LIMIT + 1))));
    await assertFails(getDocs(collection(anon(), 'reviews')));
    await assertFails(getDocs(query(collection(alice(), 'reviews'), where('toolId', '==', 't1'))));
  });
  it('nobody writes from a client', async () => {
    await assertFails(setDoc(doc(alice(), 'reviews/r2'), { review: 5, description: 'x' }));
    await assertFails(deleteDoc(doc(admin(), 'reviews/r1')));
  });
});

describe('users', () => {
  it('a signed-in user may read their own record', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'users/alice')));
    await assertFails(getDoc(doc(alice(), 'users/bob')));
    await assertFails(getDoc(doc(anon(), 'users/alice')));
  });
  it('admins may read every record', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'users')));
  });
  it('nobody writes from a client (roles are custom claims set by the function)', async () => {
    await assertFails(updateDoc(doc(alice(), 'users/alice'), { role: 'admin' }));
    await assertFails(setDoc(doc(admin(), 'users/carol'), { email: 'carol@example.test', role: 'admin' }));
  });
});

describe('bookings', () => {
  it('the owner may read their own bookings', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'bookings/b-alice')));
    await assertSucceeds(getDocs(query(collection(alice(), 'bookings'), where('uid', '==', 'alice'))));
    await assertFails(getDoc(doc(alice(), 'bookings/b-bob')));
    await assertFails(getDocs(collection(alice(), 'bookings')));
    await assertFails(getDocs(collection(anon(), 'bookings')));
  });
  it('admins may read all bookings', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'bookings')));
  });
  it('nobody writes from a client (price, stock and payment are set by the function)', async () => {
    await assertFails(updateDoc(doc(alice(), 'bookings/b-alice'), { paid: true, transactionId: 'pi_fake' }));
    await assertFails(setDoc(doc(alice(), 'bookings/b-new'), { uid: 'alice', totalCents: 1 }));
    await assertFails(deleteDoc(doc(alice(), 'bookings/b-alice')));
    await assertFails(updateDoc(doc(admin(), 'bookings/b-bob'), { status: 'shipped' }));
  });
});

describe('profiles', () => {
  it('a user may read their own profile', async () => {
    await assertSucceeds(getDoc(doc(alice(), 'profiles/alice')));
    await assertFails(getDoc(doc(alice(), 'profiles/bob')));
  });
  it('admins may read every profile', async () => {
    await assertSucceeds(getDocs(collection(admin(), 'profiles')));
  });
  it('nobody writes from a client', async () => {
    await assertFails(setDoc(doc(alice(), 'profiles/alice'), { education: 'PhD' }));
  });
});

describe('carts', () => {
  it('nobody reads or writes from a client, not even the owner', async () => {
    await assertFails(getDoc(doc(alice(), 'carts/alice')));
    await assertFails(getDoc(doc(admin(), 'carts/alice')));
    await assertFails(setDoc(doc(alice(), 'carts/alice'), { lines: [] }));
  });
});

describe('everything else', () => {
  it('no client access at all (reviewAuthors, hiddenReviews, stripeEvents, mail, counters, searchSnapshot)', async () => {
    await assertFails(getDoc(doc(anon(), 'reviewAuthors/r1')));
    await assertFails(getDoc(doc(admin(), 'reviewAuthors/r1')));
    await assertFails(getDoc(doc(anon(), 'hiddenReviews/r0')));
    await assertFails(getDoc(doc(admin(), 'hiddenReviews/r0')));
    await assertFails(getDoc(doc(admin(), 'stripeEvents/evt_1')));
    await assertFails(setDoc(doc(admin(), 'stripeEvents/evt_2'), { type: 'x' }));
    await assertFails(getDoc(doc(alice(), 'other/x')));
    await assertFails(getDoc(doc(anon(), 'searchSnapshot/current')));
    await assertFails(getDoc(doc(admin(), 'searchSnapshot/current/chunks/0')));
  });
});

describe('shipping methods (decision 0075)', () => {
  it('and returns: nobody reads or writes them from a client, not the buyer, not an admin (decision 0086)', async () => {
    await assertFails(getDoc(doc(anon(), 'returns/aaaaaaaaaaaaaaaaaaaaaaaa')));
    await assertFails(getDoc(doc(alice(), 'returns/aaaaaaaaaaaaaaaaaaaaaaaa')));
    await assertFails(getDoc(doc(admin(), 'returns/aaaaaaaaaaaaaaaaaaaaaaaa')));
    await assertFails(setDoc(doc(alice(), 'returns/aaaaaaaaaaaaaaaaaaaaaaaa'), { bookingId: 'b1', state: 'refunded' }));
    await assertFails(setDoc(doc(admin(), 'returns/aaaaaaaaaaaaaaaaaaaaaaaa'), { bookingId: 'b1', state: 'refunded' }));
  });

  it('and shippingMethods: nobody reads or writes them from a client, not a buyer, not an admin', async () => {
    await assertFails(getDoc(doc(anon(), 'shippingMethods/parcel-ground')));
    await assertFails(getDoc(doc(alice(), 'shippingMethods/parcel-ground')));
    await assertFails(getDoc(doc(admin(), 'shippingMethods/parcel-ground')));
    await assertFails(setDoc(doc(admin(), 'shippingMethods/parcel-ground'), { name: 'Free' }));
  });
});

describe('contract prices (decision 0057)', () => {
  it('nobody reads or writes a company’s prices from a client: not a member, not an admin', async () => {
    await assertFails(getDoc(doc(alice(), 'companies/c1/prices/t1')));
    await assertFails(getDoc(doc(admin(), 'companies/c1/prices/t1')));
    await assertFails(getDoc(doc(anon(), 'companies/c1/prices/t1')));
    await assertFails(setDoc(doc(admin(), 'companies/c1/prices/t1'), { priceCents: 1 }));
  });
});
