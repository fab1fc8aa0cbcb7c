import { Timestamp } from 'firebase-admin/firestore';
import type { UserRecord } from 'firebase-admin/auth';
import { ADMIN_CLAIM, MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { PageQuery } from '@fridgeparts/common/pagination';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import { normalizeEmail, type ShopUser } from '@fridgeparts/common/user';
import { auth, collections, db } from '../data/firestore';
import { conflict, notFound } from '../errors';
import type { Caller } from '../http/middleware/auth';
import { logs } from '../logs';
import { readPage, type Page } from './pagination';
import { toShopUser } from './users';

/** GET /allusers (admin): the shop's users in sign-up order, one bounded page at a time. */
export async function listUsers(page: PageQuery): Promise<Page<ShopUser>> {
  return readPage({
    query: collections.users(),
    field: 'createdAt',
    dir: 'asc',
    limit: page.limit ?? MAX_PAGE_SIZE,
    cursor: page.cursor,
    map: (d) => toShopUser(d.id, d.data()),
  });
}

async function authUserByEmail(email: string): Promise<UserRecord | null> {
  try {
    return await auth.getUserByEmail(email);
  } catch (err) {
    // An address Auth finds malformed names nobody either: 404, not a 5xx.
    const code = (err as { code?: string }).code;
    if (code === 'auth/user-not-found' || code === 'auth/invalid-email') return null;
    throw err;
  }
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
 * DELETE /alluserr/{email} (admin): removes the user from the shop's list and takes away any admin
 * role (docs/decisions/0006-remove-admin.md). The last-admin check and the delete share one
 * transaction over the admins query, so two admins removing each other can not both succeed.
 * An admin's claim is cleared and their sessions revoked afterwards; a retry after a failure there finds the
 * Auth user again and finishes the job (deletedCount 0).
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
  const deleted = await db.runTransaction(async (tx) => {
    const admins = await tx.get(collections.users().where('role', '==', 'admin'));
    const snap = await tx.get(ref);
    const targetIsAdmin = claimAdmin || snap.data()?.role === 'admin';
    const otherAdmins = admins.docs.filter((d) => d.id !== targetUid).length;
    assertRemovable({ callerUid: caller.uid, targetUid, targetIsAdmin, otherAdmins });
    if (!snap.exists) return 0;
    tx.delete(ref);
    return 1;
  });

  if (user && claimAdmin) {
    await auth.setCustomUserClaims(user.uid, withoutAdmin(user.customClaims));
    // Their current ID token still says admin: revoking makes requireAdmin (checkRevoked) refuse it now.
    await auth.revokeRefreshTokens(user.uid);
  }
  if (claimAdmin || deleted) logs.adminChanged(wanted, false, caller.email);
  return { deletedCount: deleted };
}
