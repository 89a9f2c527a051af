import {
  type TierPolicy,
  type TierPolicyBody,
  type TierPolicyPreview,
  tierPolicyAnswerSchema,
  tierPolicyPreviewSchema,
} from '@loyalty/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { membershipsKeys } from './keys';

const URL = '/api/tenants/tier-policy';

const tierPolicyKeys = {
  policy: (tenantId: string) => [...membershipsKeys.all(tenantId), 'tier-policy'] as const,
  preview: (tenantId: string, policy: TierPolicyBody | 'saved') =>
    [...membershipsKeys.all(tenantId), 'tier-policy', 'preview', policy] as const,
};

/** GET /api/tenants/tier-policy: the saved policy, or the default (`saved` false). */
function fetchTierPolicy(signal?: AbortSignal): Promise<TierPolicy> {
  return api.get(URL, { schema: tierPolicyAnswerSchema, signal });
}

export function useTierPolicy() {
  const tenantId = useTenantId();
  return useQuery({ queryKey: tierPolicyKeys.policy(tenantId), queryFn: ({ signal }) => fetchTierPolicy(signal) });
}

/** PUT /api/tenants/tier-policy. */
function saveTierPolicy(body: TierPolicyBody): Promise<TierPolicy> {
  return api.put(URL, body, { schema: tierPolicyAnswerSchema });
}

export function useSaveTierPolicy() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTierPolicy,
    onSuccess: (saved) => queryClient.setQueryData(tierPolicyKeys.policy(tenantId), saved),
  });
}

/**
 * What the next review does: POST …/preview for a policy being edited (admins and the owner), GET …/preview for
 * the saved one (`'saved'`, what staff see). `null`: nothing to ask yet (the form is invalid).
 */
function fetchTierPolicyPreview(policy: TierPolicyBody | 'saved', signal?: AbortSignal) {
  return policy === 'saved'
    ? api.get(`${URL}/preview`, { schema: tierPolicyPreviewSchema, signal })
    : api.post(`${URL}/preview`, { policy }, { schema: tierPolicyPreviewSchema, signal });
}

export function useTierPolicyPreview(policy: TierPolicyBody | 'saved' | null) {
  const tenantId = useTenantId();
  return useQuery<TierPolicyPreview>({
    queryKey: tierPolicyKeys.preview(tenantId, policy ?? 'saved'),
    queryFn: ({ signal }) => fetchTierPolicyPreview(policy ?? 'saved', signal),
    enabled: policy !== null,
    placeholderData: keepPreviousData,
  });
}
