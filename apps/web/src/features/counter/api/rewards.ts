import {
  type MemberRewardsPanel,
  memberRewardsPanelSchema,
  type RedeemAnswer,
  type Redemption,
  redeemAnswerSchema,
  redemptionSchema,
} from '@loyalty/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useTenantId } from '@/lib/workspace-context';
import { useCounterBranch } from '../components/counter-branch';

/** The body naming the counter's branch, or none when the business has no branches. */
const branchBody = (branchId: string | undefined) => (branchId ? { branchId } : undefined);

/** The counter's reward calls (docs/design.md §9): the member's panel, redeem (by tap or by claim code), fulfil, cancel. */
const panelKey = (tenantId: string, memberId: string) => ['tenant', tenantId, 'member-rewards', memberId] as const;

/** GET /api/tenants/member/{id}/rewards. */
export function useMemberRewards(memberId: string) {
  const tenantId = useTenantId();
  return useQuery<MemberRewardsPanel>({
    queryKey: panelKey(tenantId, memberId),
    queryFn: ({ signal }) =>
      api.get(`/api/tenants/member/${encodeURIComponent(memberId)}/rewards`, {
        schema: memberRewardsPanelSchema,
        signal,
      }),
  });
}

/** After any reward write: the panels, the members' balances, the dashboard and the rewards' counts read again. */
function useRefresh() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['tenant', tenantId] });
}

/** POST /api/tenants/member/{id}/rewards/{rewardId}/redeem with the tap's Idempotency-Key. */
export function useRedeemReward() {
  const branchId = useCounterBranch();
  return useMutation({
    mutationFn: ({
      memberId,
      rewardId,
      key,
    }: {
      memberId: string;
      rewardId: string;
      key: string;
    }): Promise<RedeemAnswer> =>
      api.post(
        `/api/tenants/member/${encodeURIComponent(memberId)}/rewards/${encodeURIComponent(rewardId)}/redeem`,
        branchBody(branchId),
        { schema: redeemAnswerSchema, headers: { 'Idempotency-Key': key } },
      ),
    onSuccess: useRefresh(),
  });
}

/** POST /api/tenants/reward-claims/{claimCode}/redeem: the code the customer shows on the phone. */
export function useRedeemClaim() {
  const branchId = useCounterBranch();
  return useMutation({
    mutationFn: ({ code, key }: { code: string; key: string }): Promise<RedeemAnswer> =>
      api.post(`/api/tenants/reward-claims/${encodeURIComponent(code)}/redeem`, branchBody(branchId), {
        schema: redeemAnswerSchema,
        headers: { 'Idempotency-Key': key },
      }),
    onSuccess: useRefresh(),
  });
}

/** POST /api/tenants/reward-redemptions/{id}/fulfil (staff+) or …/cancel (admin or owner). */
export function useRedemptionAction() {
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'fulfil' | 'cancel' }): Promise<Redemption | RedeemAnswer> =>
      action === 'fulfil'
        ? api.post(`/api/tenants/reward-redemptions/${encodeURIComponent(id)}/fulfil`, undefined, {
            schema: redemptionSchema,
          })
        : api.post(`/api/tenants/reward-redemptions/${encodeURIComponent(id)}/cancel`, undefined, {
            schema: redeemAnswerSchema,
          }),
    onSuccess: useRefresh(),
  });
}
