import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Profile, ProfileInput } from '@fridgeparts/common/profile';
import { apiFetch } from '../../../lib/api-client';
import { useAsync, type AsyncState } from '../../../lib/use-async';
import { useSession } from '../../../lib/session';

/** The signed-in user's saved profile: GET /userProfile?email= answers a list of zero or one. */
export function useMyProfile(): AsyncState<Profile | null> {
  const { user } = useSession();
  const email = user?.email ?? null;
  return useAsync(email, (signal) =>
    apiFetch<Profile[]>(API.userProfile(email ?? ''), { auth: true, quiet: true, signal }).then((list) => list[0] ?? null),
  );
}

/** PUT /api/users/profile: one profile per user, upserted; name and email come from the token. */
export function useSaveProfile(): (input: ProfileInput) => Promise<Profile> {
  return useCallback((input: ProfileInput) => apiFetch<Profile>(API.saveProfile, { method: 'PUT', auth: true, body: input }), []);
}
