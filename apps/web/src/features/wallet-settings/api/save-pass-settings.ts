import { type PassSettings, type PassSettingsInput, passSettingsSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { passSettings } from './get-pass-settings';

/** PUT /api/tenant/pass-settings with every wallet settings field (docs/spec/data-screens.md §7). */
function savePassSettings(body: PassSettingsInput): Promise<PassSettings> {
  return api.put('/api/tenant/pass-settings', body, { schema: passSettingsSchema });
}

export function useSavePassSettings() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePassSettings,
    onSuccess: (saved) => queryClient.setQueryData(passSettings.keys.all(tenantId), saved),
  });
}
