import { type Profile, personName, profileSchema } from '@loyalty/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ApiClient } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';

/** Every profile key starts here, so one invalidation refreshes the sidebar and the dialog alike. */
export const profileKeys = {
  all: (tenantId: string | null) => ['tenant', tenantId, 'profile'] as const,
  me: (tenantId: string | null) => ['tenant', tenantId, 'profile', 'me'] as const,
};

/** GET /api/users/me: the signed-in user's own profile. */
function fetchProfile(client: ApiClient = api, signal?: AbortSignal): Promise<Profile> {
  return client.get('/api/users/me', { schema: profileSchema, signal });
}

function profileQueryOptions(tenantId: string | null) {
  return queryOptions({
    queryKey: profileKeys.me(tenantId),
    queryFn: ({ signal }) => fetchProfile(api, signal),
  });
}

export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(readStorage(STORAGE_KEYS.tenantId)), enabled });
}

/**
 * The name the sidebar and Firebase's displayName show (docs/spec/access-and-identity.md §3), in the name's own
 * order: "Ada Owner", yet 黃美玲 for 美玲 / 黃 (docs/glossary.md, names of people).
 */
export function displayNameOf(profile: Pick<Profile, 'firstName' | 'lastName'>): string {
  return personName(profile);
}
