import { roleFor, shopUserFromDoc } from '@fridgeparts/common/documents/users';
import { Timestamp } from 'firebase-admin/firestore';
import { ADMIN_CLAIM } from '@fridgeparts/common/constants';
import { normalizeEmail } from '@fridgeparts/common/user';
import type { ShopUser, SyncUserResponse } from '@fridgeparts/common/user.answers';
import { collections, type UserDoc } from '../../data/firestore';
import { authUserByEmail } from './auth-users';
import { forbidden, notFound } from '../../errors';
import type { Caller } from '../caller';
import { joinInvitedCompany } from '../companies/companies';

/** Before a caller reads someone else's records: `caller.admin` is already the live role (middleware/auth.ts). */
export async function assertAdminNow(caller: Caller, message: string): Promise<void> {
  if (!caller.admin) throw forbidden(message);
}

/**
 * PUT /user/{email}: records the signed-in user and answers the Bearer the web app keeps as
 * accessToken (CONTRACT §2). The Bearer is the caller's own Firebase ID token: the API needs no
 * second token system (docs/decisions/0003-access-token.md).
 */
export async function syncUser(caller: Caller, email: string): Promise<SyncUserResponse> {
  if (normalizeEmail(email) !== caller.email) throw forbidden('You can only sign in as yourself: the email does not match your session.');
  const admin = caller.admin;
  const ref = collections.users().doc(caller.uid);
  const now = Timestamp.now();
  await collections.users().firestore.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    const doc: Partial<UserDoc> = { email: caller.email, displayName: caller.name, role: roleFor(admin), updatedAt: now };
    if (existing.exists) tx.update(ref, doc);
    else tx.set(ref, { ...(doc as UserDoc), createdAt: now });
  });
  // A sign-in with a verified address joins the company that invited it (CONTRACT §10, decision 0055).
  await joinInvitedCompany(caller);
  return { token: caller.token, admin };
}

/** GET /admins/{email}: the caller may ask about themself; admins about anyone. */
export async function isAdminEmail(caller: Caller, email: string): Promise<{ admin: boolean }> {
  const wanted = normalizeEmail(email);
  if (wanted === caller.email) return { admin: caller.admin };
  await assertAdminNow(caller, 'You can only ask about your own account.');
  // Nobody with that address is no admin; Auth out of reach is a 503, not "not an admin".
  const user = await authUserByEmail(wanted);
  return { admin: user?.customClaims?.[ADMIN_CLAIM] === true };
}

/** GET /user?email=: the caller's own record, or anyone's for an admin. */
export async function getUserRecord(caller: Caller, email: string): Promise<ShopUser> {
  const wanted = normalizeEmail(email);
  if (wanted !== caller.email) await assertAdminNow(caller, 'You can only see your own user record.');
  const snap = await collections.users().where('email', '==', wanted).limit(1).get();
  const doc = snap.docs[0];
  if (!doc) throw notFound(`There is no shop user with the email ${wanted}.`);
  return shopUserFromDoc(doc.id, doc.data());
}
