/**
 * Seeds the demo catalogue, reviews, the two demo accounts and the demo company with its two people
 * into the emulators (CONTRACT §1, §10).
 * Idempotent: documents have fixed ids and are only created when missing, so a second run (or a
 * restart against persisted data) neither duplicates nor resets anything; the search snapshot is
 * built again from the tools there are.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { ADMIN_CLAIM, DEMO_ACCOUNTS, DEMO_COMPANY } from '../../common/src/constants';
import { PROJECT_ID } from '../../common/src/local-stack';
import type { CollectionName, ShopCollections } from '../../common/src/documents/collections';
import { newToolDoc } from '../../common/src/documents/tools';
import { registeredNumbers } from '../../common/src/search/part-registry';
import { roleFor, type UserDoc } from '../../common/src/documents/users';
import { DEMO_DISCONTINUED, DEMO_REVIEWS, DEMO_TOOLS } from './demo-data';
import { DEMO_MODELS, importOf } from './demo-models';
import { northwindDoc, northwindMembers } from './demo-company';
import { contractPriceDoc, NORTHWIND_CONTRACT_PRICES } from './demo-contract-prices';
import { demoShippingMethods } from './demo-shipping';
import { DEMO_EXEMPTION_ID, demoCertificatePdf, demoExemptionDoc } from './demo-exemption';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('seed: refusing to run without FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST (emulators only).');
  process.exit(1);
}

initializeApp({ projectId: PROJECT_ID });
const auth = getAuth();
const db = getFirestore();

/** Writes the document unless it exists; its type is the one common/src/documents gives that collection. */
async function createIfMissing<K extends CollectionName>(collection: K, id: string, data: ShopCollections<Timestamp>[K]): Promise<boolean> {
  const ref = db.collection(collection).doc(id);
  if ((await ref.get()).exists) return false;
  await ref.set(data);
  return true;
}

async function ensureAccount(account: { email: string; password: string; displayName: string }, admin: boolean): Promise<string> {
  let uid: string;
  try {
    const existing = await auth.getUserByEmail(account.email);
    uid = existing.uid;
    // Demo accounts order and review, which needs a verified address (CONTRACT §9), also when an
    // older emulator export holds them unverified.
    if (!existing.emailVerified) await auth.updateUser(uid, { emailVerified: true });
  } catch {
    uid = (await auth.createUser({ email: account.email, password: account.password, displayName: account.displayName, emailVerified: true })).uid;
  }
  if (admin) await auth.setCustomUserClaims(uid, { [ADMIN_CLAIM]: true });
  const now = Timestamp.now();
  const user: UserDoc<Timestamp> = { email: account.email, displayName: account.displayName, role: roleFor(admin), createdAt: now, updatedAt: now };
  await createIfMissing('users', uid, user);
  return uid;
}

const shopAdminUid = await ensureAccount(DEMO_ACCOUNTS.admin, true);
await ensureAccount(DEMO_ACCOUNTS.customer, false);

// The demo company (CONTRACT §10, decision 0059): the company and both memberships in one
// transaction, and only when the company is missing, so its counts always match its people; a
// restart over persisted data keeps whatever was changed on it since (people removed, limits set).
const companyPeople = { companyAdmin: await ensureAccount(DEMO_COMPANY.companyAdmin, false), buyer: await ensureAccount(DEMO_COMPANY.buyer, false) };
const companyAdded = await db.runTransaction(async (tx) => {
  const companyRef = db.collection('companies').doc(DEMO_COMPANY.id);
  const members = northwindMembers(Timestamp.now(), companyPeople, shopAdminUid);
  const memberRefs = members.map((m) => db.collection('companyMembers').doc(m.uid));
  const [company, ...memberships] = await Promise.all([tx.get(companyRef), ...memberRefs.map((r) => tx.get(r))]);
  // One company per person: an account already in a company (an older export) is left as it is.
  if (company.exists || memberships.some((m) => m.exists)) return false;
  tx.set(companyRef, northwindDoc(Timestamp.now(), shopAdminUid));
  members.forEach((m, i) => tx.set(memberRefs[i]!, m.doc));
  return true;
});

// Oldest first, one minute apart, so "newest" is stable and matches the list order.
const base = Date.UTC(2026, 0, 5, 9, 0, 0);
let tools = 0;
// Discontinued tools a day before the catalogue (they are older parts), after it in the list.
const dated = [...DEMO_TOOLS.map((t, i) => ({ t, at: base + i * 60_000 })), ...DEMO_DISCONTINUED.map((t, i) => ({ t, at: base - 86_400_000 + i * 60_000 }))];
for (const { t, at } of dated) {
  const created = await createIfMissing('tools', t.slug, newToolDoc(t, Timestamp.fromMillis(at)));
  if (created) {
    tools++;
    // The registry as POST /addItem and PATCH /manage/{id} write it: part and superseded numbers, normalised.
    for (const n of registeredNumbers(t)) await createIfMissing('partNumbers', n.key, { toolId: t.slug, ...n.doc });
  }
}

// The search snapshot (CONTRACT §11, decision 0048), built from the tools just written by the
// function's own builder; loaded after initializeApp, so the function's module finds this app.
// Rebuilt on every run: a restart over persisted data gets a snapshot of what is there.
const { buildSearchSnapshot } = await import('../../functions/src/services/catalog/search-snapshot');
await buildSearchSnapshot({ force: true });

// The demo's appliance models (CONTRACT §12), through the function's own import: their callouts
// resolve against the catalogue just indexed, and an import replaces what it names, so a restart
// over persisted data writes them again unchanged.
const { importModels } = await import('../../functions/src/services/models/appliance-models');
const { modelKeys } = await importModels({ models: DEMO_MODELS.map(importOf) });

// The demo company's contract prices (decision 0062), after the tools they price, each written as
// PUT /companies/{id}/prices/{toolId} writes it and only when missing (like the tools): a price the
// shop admin changed since stays as changed. One transaction, reads before writes.
const pricesAdded = await db.runTransaction(async (tx) => {
  const refs = NORTHWIND_CONTRACT_PRICES.map((p) => db.collection('companies').doc(DEMO_COMPANY.id).collection('prices').doc(p.toolId));
  const [company, ...existing] = await Promise.all([tx.get(db.collection('companies').doc(DEMO_COMPANY.id)), ...refs.map((r) => tx.get(r))]);
  if (!company.exists) return 0;
  const now = Timestamp.now();
  let added = 0;
  NORTHWIND_CONTRACT_PRICES.forEach((p, i) => {
    if (existing[i]!.exists) return;
    tx.set(refs[i]!, contractPriceDoc(p, now, shopAdminUid));
    added++;
  });
  return added;
});

// The demo's shipping methods (CONTRACT §14), only when missing: a method the shop admin changed stays as changed.
let shippingMethods = 0;
for (const [id, fields] of demoShippingMethods()) {
  if (await createIfMissing('shippingMethods', id, { ...fields, version: 1, updatedAt: Timestamp.now() })) shippingMethods++;
}

// The demo company's pending tax certificate (decision 0084), with its PDF, only when missing and
// while the company has its second ship-to: the shop admin's review screen shows it.
let exemptionAdded = false;
const northwind = (await db.collection('companies').doc(DEMO_COMPANY.id).get()).data() as ShopCollections<Timestamp>['companies'] | undefined;
if (northwind?.shipTo.some((s) => s.id === 's2')) {
  const pdf = demoCertificatePdf();
  exemptionAdded = await createIfMissing('exemptions', DEMO_EXEMPTION_ID, demoExemptionDoc(Timestamp.now(), companyPeople.companyAdmin, pdf));
  if (exemptionAdded) await createIfMissing('exemptionFiles', `${DEMO_EXEMPTION_ID}_0`, { data: pdf });
}

let reviews = 0;
const day = 86_400_000;
for (const [i, r] of DEMO_REVIEWS.entries()) {
  const created = await createIfMissing('reviews', `demo-review-${i + 1}`, {
    userName: r.userName,
    image: r.image,
    review: r.review,
    description: r.description,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 20) - r.daysAgo * day),
  });
  if (created) reviews++;
}

console.log(
  `seed: ${tools} tools and ${reviews} reviews added (${DEMO_TOOLS.length + DEMO_DISCONTINUED.length} and ${DEMO_REVIEWS.length} in the demo set), search snapshot built, ${modelKeys.length} appliance models imported; demo company ${companyAdded ? 'added' : 'already there'} (${pricesAdded} contract prices added); ${shippingMethods} shipping methods added; ${exemptionAdded ? 'a pending tax certificate added' : 'tax certificate already there'}; demo accounts ready.`,
);
process.exit(0);
