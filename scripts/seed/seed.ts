/**
 * Seeds the demo catalogue, reviews and the two demo accounts into the emulators (CONTRACT §1).
 * Idempotent: documents have fixed ids and are only created when missing, so a second run (or a
 * restart against persisted data) neither duplicates nor resets anything.
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { ADMIN_CLAIM, DEMO_ACCOUNTS, PROJECT_ID } from '../../common/src/constants';
import { searchTermsFor } from '../../common/src/tool';
import { DEMO_REVIEWS, DEMO_TOOLS } from './demo-data';
import type { PartNumberDoc, ReviewDoc, ToolDoc, UserDoc } from '../../common/src/documents';

if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  console.error('seed: refusing to run without FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST (emulators only).');
  process.exit(1);
}

initializeApp({ projectId: PROJECT_ID });
const auth = getAuth();
const db = getFirestore();

async function createIfMissing(path: string, data: object): Promise<boolean> {
  const ref = db.doc(path);
  if ((await ref.get()).exists) return false;
  await ref.set(data as Record<string, unknown>);
  return true;
}

async function ensureAccount(account: { email: string; password: string; displayName: string }, admin: boolean): Promise<string> {
  let uid: string;
  try {
    uid = (await auth.getUserByEmail(account.email)).uid;
  } catch {
    uid = (await auth.createUser({ email: account.email, password: account.password, displayName: account.displayName, emailVerified: true })).uid;
  }
  if (admin) await auth.setCustomUserClaims(uid, { [ADMIN_CLAIM]: true });
  const now = Timestamp.now();
  const user: UserDoc<Timestamp> = { email: account.email, displayName: account.displayName, role: admin ? 'admin' : 'customer', createdAt: now, updatedAt: now };
  await createIfMissing(`users/${uid}`, user);
  return uid;
}

await ensureAccount(DEMO_ACCOUNTS.admin, true);
await ensureAccount(DEMO_ACCOUNTS.customer, false);

// Oldest first, one minute apart, so "newest" is stable and matches the list order.
const base = Date.UTC(2026, 0, 5, 9, 0, 0);
let tools = 0;
for (const [i, t] of DEMO_TOOLS.entries()) {
  const tool: ToolDoc<Timestamp> = {
    name: t.name,
    description: t.description,
    image: t.image,
    partNumber: t.partNumber,
    priceCents: t.priceCents,
    packSize: t.packSize,
    priceBreaks: t.priceBreaks,
    minimumQuantity: t.minimumQuantity,
    availableQuantity: t.availableQuantity,
    searchTerms: searchTermsFor(t.name, t.description, t.partNumber),
    createdAt: Timestamp.fromMillis(base + i * 60_000),
  };
  const created = await createIfMissing(`tools/${t.slug}`, tool);
  if (created) {
    tools++;
    const claim: PartNumberDoc = { toolId: t.slug };
    await createIfMissing(`partNumbers/${t.partNumber}`, claim);
  }
}

let reviews = 0;
const day = 86_400_000;
for (const [i, r] of DEMO_REVIEWS.entries()) {
  const review: ReviewDoc<Timestamp> = {
    userName: r.userName,
    image: r.image,
    review: r.review,
    description: r.description,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 20) - r.daysAgo * day),
  };
  const created = await createIfMissing(`reviews/demo-review-${i + 1}`, review);
  if (created) reviews++;
}

console.log(`seed: ${tools} tools and ${reviews} reviews added (${DEMO_TOOLS.length} and ${DEMO_REVIEWS.length} in the demo set); demo accounts ready.`);
process.exit(0);
