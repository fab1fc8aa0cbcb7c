/**
 * Grants the admin custom claim to an existing user of a real project (the first admin; later
 * admins are made from Dashboard > Make Admin). Uses Application Default Credentials:
 *   GOOGLE_APPLICATION_CREDENTIALS=key.json node --import tsx scripts/make-admin.ts someone@example.com
 */
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { ADMIN_CLAIM } from '../common/src/constants';
import { roleFor, type UserDoc } from '../common/src/documents/users';

const email = process.argv[2]?.trim().toLowerCase();
if (!email) {
  console.error('usage: node --import tsx scripts/make-admin.ts <email>');
  process.exit(2);
}
initializeApp();
const user = await getAuth().getUserByEmail(email);
await getAuth().setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), [ADMIN_CLAIM]: true });
// Merged: a user who never signed in to the shop gets a record without createdAt, as before.
const record: Partial<UserDoc<Timestamp>> = { email, displayName: user.displayName ?? email, role: roleFor(true), updatedAt: Timestamp.now() };
await getFirestore().doc(`users/${user.uid}`).set(record, { merge: true });
console.log(`${email} is now an admin. They must sign in again for the claim to reach their token.`);
