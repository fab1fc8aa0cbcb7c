import { Timestamp } from 'firebase-admin/firestore';
import { profileFromDoc } from '@fridgeparts/common/documents/profiles';
import type { ProfileInput } from '@fridgeparts/common/profile';
import type { Profile } from '@fridgeparts/common/profile.answers';
import { normalizeEmail } from '@fridgeparts/common/user';
import { collections, type ProfileDoc } from '../../data/firestore';
import type { Caller } from '../caller';
import { assertAdminNow } from './users';

/**
 * PUT /api/users/profile: one profile per user, keyed by uid, so saving again replaces it
 * (CONTRACT §3). Name and email come from the token, never from the body.
 */
export async function saveProfile(caller: Caller, input: ProfileInput): Promise<Profile> {
  const doc: ProfileDoc = {
    uid: caller.uid,
    name: caller.name,
    email: caller.email,
    education: input.education,
    location: input.location,
    phone: input.phone,
    linkedlnProfile: input.linkedlnProfile,
    updatedAt: Timestamp.now(),
  };
  await collections.profiles().doc(caller.uid).set(doc);
  return profileFromDoc(caller.uid, doc);
}

/** GET /userProfile?email=: a list of zero or one profile, for its owner or an admin. */
export async function profilesOf(caller: Caller, email: string): Promise<Profile[]> {
  const wanted = normalizeEmail(email);
  if (wanted === caller.email) {
    const snap = await collections.profiles().doc(caller.uid).get();
    const p = snap.data();
    return p ? [profileFromDoc(snap.id, p)] : [];
  }
  await assertAdminNow(caller, 'You can only see your own profile.');
  const snap = await collections.profiles().where('email', '==', wanted).limit(1).get();
  return snap.docs.map((d) => profileFromDoc(d.id, d.data()));
}
