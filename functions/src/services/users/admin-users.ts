import { Timestamp } from 'firebase-admin/firestore';
import { ADMIN_CLAIM } from '@fridgeparts/common/constants';
import type { PageQuery } from '@fridgeparts/common/pagination';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import { normalizeEmail } from '@fridgeparts/common/user';
import type { ShopUser } from '@fridgeparts/common/user.answers';
import { auth, collections, db } from '../../data/firestore';
import { conflict, notFound } from '../../errors';
import type { Caller } from '../caller';
import { logs } from '../../logs';
import { readPage, type Page } from '../pagination';
import { shopUserFromDoc } from '@fridgeparts/common/documents/users';
import { authUserByEmail } from './auth-users';

/** GET /allusers (admin): the shop's users in sign-up order, one bounded page at a time. */
export async function listUsers(page: PageQuery): Promise<Page<ShopUser>> {
  return readPage({
    query: collections.users(),
    field: 'createdAt',
    dir: 'asc',
    limit: page.limit,
    cursor: page.cursor,
    map: (d) => shopUserFromDoc(d.id, d.data()),
  });
}

function withoutAdmin(claims: Record<string, unknown> | undefined): Record<string, unknown> {
  const rest = { ...(claims ?? {}) };
  delete rest[ADMIN_CLAIM];
  return rest;
}

/**
 * PUT /user/admin/{email} (admin). The custom claim is the source of truth (CONTRACT §2); the
 * users document mirrors it for the Make Admin list. Other claims are kept.
 */
export async function makeAdmin(caller: Caller, email: string): Promise<ModifiedCountResponse> {
  const wanted = normalizeEmail(email);
  const user = await authUserByEmail(wanted);
  if (!user) throw notFound(`There is no user with the email ${wanted}. They need to sign up first.`);
  // Whoever registered the address first is not yet its owner: only a verified account may hold
  // admin (CONTRACT §9), checked before anything is written.
  if (!user.emailVerified) {
    throw conflict(
      `${wanted} has not verified its email address yet, so it can not be made an admin. Ask them to open the link we sent, or to send it again from their dashboard.`,
    );
  }
  const already = user.customClaims?.[ADMIN_CLAIM] === true;
  if (!already) await auth.setCustomUserClaims(user.uid, { ...(user.customClaims ?? {}), [ADMIN_CLAIM]: true });
  const ref = collections.users().doc(user.uid);
  const now = Timestamp.now();
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) tx.update(ref, { role: 'admin', updatedAt: now });
    else tx.set(ref, { email: wanted, displayName: user.displayName ?? wanted.split('@')[0], role: 'admin', createdAt: now, updatedAt: now });
  });
  if (!already) logs.adminChanged(wanted, true, caller.email);
  return { modifiedCount: already ? 0 : 1 };
}

/** The rules of Remove Admin, apart from Firestore so they are unit-tested. */
export function assertRemovable(opts: { callerUid: string; targetUid: string; targetIsAdmin: boolean; otherAdmins: number }): void {
  if (opts.targetUid === opts.callerUid) throw conflict('You can not remove yourself. Ask another admin to do it.');
  if (opts.targetIsAdmin && opts.otherAdmins === 0) throw conflict('This is the last admin of the shop, so it can not be removed.');
}

/**
 * DELETE /alluserr/{email} (admin): takes the admin role away (CONTRACT §3,
 * docs/decisions/0006-remove-admin.md). The user stays in the list as a customer; their claim is
 * cleared and their sessions revoked. The last-admin check and the role change share one
 * transaction over the admins query, so two admins removing each other can not both succeed.
 * deletedCount is 1 when a role was removed and 0 when the user was not an admin. A retry after a
 * failure at the Auth step finds the claim still set and finishes the job.
 */
export async function removeUser(caller: Caller, email: string): Promise<DeletedCountResponse> {
  const wanted = normalizeEmail(email);
  const user = await authUserByEmail(wanted);
  const listed = await collections.users().where('email', '==', wanted).limit(1).get();
  const targetUid = user?.uid ?? listed.docs[0]?.id;
  if (!targetUid) throw notFound(`There is no user with the email ${wanted}.`);
  const claimAdmin = user?.customClaims?.[ADMIN_CLAIM] === true;
  if (targetUid === caller.uid) assertRemovable({ callerUid: caller.uid, targetUid, targetIsAdmin: true, otherAdmins: 1 });

  const ref = collections.users().doc(targetUid);
  const demoted = await db.runTransaction(async (tx) => {
    const admins = await tx.get(collections.users().where('role', '==', 'admin'));
    const snap = await tx.get(ref);
    const listedAdmin = snap.data()?.role === 'admin';
    if (!claimAdmin && !listedAdmin) return false;
    const otherAdmins = admins.docs.filter((d) => d.id !== targetUid).length;
    assertRemovable({ callerUid: caller.uid, targetUid, targetIsAdmin: true, otherAdmins });
    if (listedAdmin) tx.update(ref, { role: 'customer', updatedAt: Timestamp.now() });
    return true;
  });
  if (!demoted) return { deletedCount: 0 };

  if (user && claimAdmin) {
    await auth.setCustomUserClaims(user.uid, withoutAdmin(user.customClaims));
    // Their current ID token still says admin: revoked, it is refused on every signed-in call.
    await auth.revokeRefreshTokens(user.uid);
  }
  logs.adminChanged(wanted, false, caller.email);
  return { deletedCount: 1 };
}
