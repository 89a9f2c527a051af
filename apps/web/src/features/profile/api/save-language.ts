import { type Language, type Profile, profileSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { readStorage, STORAGE_KEYS } from '@/lib/storage-keys';
import { profileKeys } from './get-profile';

/** PUT /api/users/me {language}: the account keeps the choice, so it follows the user to another browser. */
function saveLanguage(language: Language): Promise<Profile> {
  return api.put('/api/users/me', { language }, { schema: profileSchema });
}

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveLanguage,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.me(readStorage(STORAGE_KEYS.tenantId)), profile),
  });
}
