import { type Profile, type ProfileUpdate, profileSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { type ApiClient, ApiError } from '@/lib/api-client';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { profileKeys } from './get-profile';

/** PUT /api/users/me with exactly one of {first_name, last_name}, {phone} or {email}. */
async function updateProfile(body: ProfileUpdate, client: ApiClient = api): Promise<Profile> {
  try {
    return await client.put('/api/users/me', body, { schema: profileSchema });
  } catch (error) {
    // docs/spec/access-and-identity.md §8 names these for the log; the screen shows the mapped message instead.
    if (error instanceof ApiError) {
      const what = 'email' in body ? 'email' : 'profile';
      console.error(`Failed to update user ${what}, status: ${error.status}`);
    }
    throw error;
  }
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdate) => updateProfile(body),
    // Even a half-finished save may have changed something, so the sidebar always re-reads.
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.all(readStorage(STORAGE_KEYS.tenantId)) }),
  });
}
