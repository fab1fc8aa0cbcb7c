import type { ProfileInput } from '../profile';
import type { Profile } from '../profile.answers';
import type { StoredTime } from './time';

/** profiles/{uid}: one per user; what they sent (PUT /api/users/profile's schema) plus name and email from their token. */
export interface ProfileDoc<Time extends StoredTime = StoredTime> extends ProfileInput, Pick<Profile, 'name' | 'email'> {
  uid: string;
  updatedAt: Time;
}

export function profileFromDoc(id: string, p: Omit<ProfileDoc, 'uid' | 'updatedAt'>): Profile {
  return { _id: id, name: p.name, email: p.email, education: p.education, location: p.location, phone: p.phone, linkedlnProfile: p.linkedlnProfile };
}
