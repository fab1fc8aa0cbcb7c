import { describe, expect, it } from 'vitest';
import { profileFromDoc, type ProfileDoc } from './profiles';

describe('profile documents', () => {
  it('the API shape is keyed by the document id and leaves uid and time out', () => {
    const doc: ProfileDoc = {
      uid: 'u1',
      name: 'Casey',
      email: 'c@x.test',
      education: 'BSc',
      location: 'Oslo',
      phone: '+47 22 00 00 00',
      linkedlnProfile: 'https://linkedin.com/in/c',
      updatedAt: { toDate: () => new Date(0) },
    };
    expect(profileFromDoc('u1', doc)).toEqual({
      _id: 'u1',
      name: 'Casey',
      email: 'c@x.test',
      education: 'BSc',
      location: 'Oslo',
      phone: '+47 22 00 00 00',
      linkedlnProfile: 'https://linkedin.com/in/c',
    });
  });
});
