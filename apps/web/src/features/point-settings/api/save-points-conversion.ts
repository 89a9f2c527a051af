import { type PointsConversion, type PointsConversionInput, pointsConversionSchema } from '@loyalty/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { pointsConversion } from './get-points-conversion';

/** POST /api/points-conversion (docs/design.md §7: points settings are saved with POST). */
function savePointsConversion(body: PointsConversionInput): Promise<PointsConversion> {
  return api.post('/api/points-conversion', body, { schema: pointsConversionSchema });
}

export function useSavePointsConversion() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePointsConversion,
    onSuccess: (saved) => queryClient.setQueryData(pointsConversion.keys.all(tenantId), saved),
  });
}
