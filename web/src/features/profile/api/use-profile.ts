import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ProfileInput } from '@fridgeparts/common/profile';
import type { Profile } from '@fridgeparts/common/profile.answers';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useSession } from '../../../lib/infra/session';

export interface ProfileState {
  data: Profile | null | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again after a failure. */
  retry: () => void;
}

/** GET /userProfile?email=: the saved profile (the API answers a list of zero or one), or null. */
export const profileQuery = (email: string) =>
  queryOptions({
    queryKey: queryKeys.profile(email),
    queryFn: ({ signal }) => apiFetch<Profile[]>(API.userProfile(email), { auth: true, quiet: true, signal }).then((list) => list[0] ?? null),
    enabled: Boolean(email),
  });

/** The signed-in user's saved profile. */
export function useMyProfile(): ProfileState {
  const { user } = useSession();
  const email = user?.email ?? '';
  const query = useQuery(profileQuery(email));
  return { data: query.data, error: query.error ?? undefined, loading: Boolean(email) && query.isPending, retry: () => void query.refetch() };
}

/** PUT /api/users/profile: one profile per user, upserted; name and email come from the token. The answer is the cached profile. */
export function useSaveProfile(): (input: ProfileInput) => Promise<Profile> {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const save = useMutation({
    mutationFn: (input: ProfileInput) => apiFetch<Profile>(API.saveProfile, { method: 'PUT', auth: true, body: input }),
    onSuccess: (saved) => user && queryClient.setQueryData(queryKeys.profile(user.email), saved),
  });
  return save.mutateAsync;
}
