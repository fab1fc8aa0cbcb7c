import type { ShopUser } from '../user.answers';
import type { StoredTime } from './time';

/**
 * users/{uid}: the shop's record of a Firebase Auth user, the API's ShopUser without its id.
 * `role` mirrors the admin claim (the source of truth) and is written by the server only.
 */
export interface UserDoc<Time extends StoredTime = StoredTime> extends Omit<ShopUser, '_id'> {
  createdAt: Time;
  updatedAt: Time;
}

/** The stored role for a user with (or without) the admin claim. */
export function roleFor(admin: boolean): UserDoc['role'] {
  return admin ? 'admin' : 'customer';
}

export function shopUserFromDoc(id: string, u: Omit<UserDoc, 'createdAt' | 'updatedAt'>): ShopUser {
  return { _id: id, email: u.email, displayName: u.displayName, role: u.role };
}
