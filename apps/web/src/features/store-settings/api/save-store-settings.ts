import { type StoreSettings, type StoreSettingsInput, storeSettingsSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { storeSettings } from './get-store-settings';

/** PUT /api/tenant/store-settings with {logoUrl, text, backgroundUrl} (docs/spec/data-screens.md §7). */
function saveStoreSettings(body: StoreSettingsInput): Promise<StoreSettings> {
  return api.put('/api/tenant/store-settings', body, { schema: storeSettingsSchema });
}

/** docs/spec/data-screens.md §7: on success the cached settings are refreshed (fetched again from the server). */
export function useSaveStoreSettings() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStoreSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeSettings.keys.all(tenantId) }),
  });
}
