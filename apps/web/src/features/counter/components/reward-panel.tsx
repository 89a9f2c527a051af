import type { MemberReward, Redemption } from '@loyalty/contracts';
import * as React from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-error';
import { toastFailure } from '@/lib/failure-toast';
import { formatDateTime } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { rewardCost, rewardName, rewardOffer, rewardProgress } from '@/lib/reward-text';
import { useCanWrite } from '@/lib/workspace-context';
import { useMemberRewards, useRedeemReward, useRedemptionAction } from '../api/rewards';

/**
 * The member's rewards at the till: the ones they can have now, one tap each (its Idempotency-Key made at the
 * tap and kept until it is recorded, so a double tap redeems once), how far they are from the others, and their
 * latest redemptions to hand over (fulfil) or, for admins, to cancel with the points given back.
 */
export function RewardPanel({ memberId, onBalance }: { memberId: string; onBalance: (points: number) => void }) {
  const t = useT();
  const panel = useMemberRewards(memberId);
  const redeem = useRedeemReward();
  const keys = React.useRef(new Map<string, string>());
  const [error, setError] = React.useState<string | null>(null);

  const redeemOne = async (reward: MemberReward) => {
    setError(null);
    const key = keys.current.get(reward.id) ?? crypto.randomUUID();
    keys.current.set(reward.id, key);
    try {
      const answer = await redeem.mutateAsync({ memberId, rewardId: reward.id, key });
      keys.current.delete(reward.id);
      onBalance(answer.pointsBalance);
      toast({ title: t('rewards.redeemedToast', { reward: rewardName(reward), code: answer.redemption.code }) });
    } catch (failure) {
      keys.current.delete(reward.id);
      setError(failureMessage(failure));
    }
  };

  const rewards = panel.data?.rewards ?? [];
  const ready = rewards.filter((r) => r.available);
  const later = rewards.filter((r) => !r.available);
  return (
    <section aria-labelledby="counter-rewards" className="grid gap-3 rounded-md border p-4">
      <h2 id="counter-rewards" className="font-semibold text-lg">
        {t('rewards.counterTitle')}
      </h2>
      {panel.isPending && <p className="text-muted-foreground text-sm">{t('common.loading')}</p>}
      {panel.isSuccess && rewards.length === 0 && (
        <p className="text-muted-foreground text-sm">{t('rewards.counterNone')}</p>
      )}
      {ready.length > 0 && (
        <ul className="grid gap-2" aria-label={t('rewards.canHave')}>
          {ready.map((reward) => (
            <li key={reward.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>
                <span className="block font-medium">{rewardName(reward)}</span>
                <span className="block text-muted-foreground text-xs">
                  {rewardOffer(reward)} · {rewardCost(reward.pointsCost)}
                </span>
              </span>
              <Button
                size="sm"
                disabled={redeem.isPending}
                onClick={() => void redeemOne(reward)}
                aria-label={t('rewards.redeemReward', { reward: rewardName(reward) })}
              >
                {t('rewards.redeem')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {later.length > 0 && (
        <ul className="grid gap-1 text-muted-foreground text-sm">
          {later.map((reward) => (
            <li key={reward.id}>
              {reward.blockedBy === 'OUT_OF_STOCK'
                ? t('rewards.outOfStock', { reward: rewardName(reward) })
                : reward.blockedBy === 'LIMIT_REACHED'
                  ? t('rewards.limitReached', { reward: rewardName(reward) })
                  : rewardProgress(reward)}
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Redemptions redemptions={panel.data?.redemptions ?? []} onBalance={onBalance} />
    </section>
  );
}

function Redemptions({ redemptions, onBalance }: { redemptions: Redemption[]; onBalance: (points: number) => void }) {
  const t = useT();
  const canCancel = useCanWrite();
  const action = useRedemptionAction();
  const act = async (redemption: Redemption, kind: 'fulfil' | 'cancel') => {
    try {
      const answer = await action.mutateAsync({ id: redemption.id, action: kind });
      if ('pointsBalance' in answer) onBalance(answer.pointsBalance);
      toast({ title: t(kind === 'fulfil' ? 'rewards.fulfilled' : 'rewards.cancelled') });
    } catch (failure) {
      toastFailure(t('rewards.actionFailed'), failure);
    }
  };
  if (redemptions.length === 0) return null;
  return (
    <div className="grid gap-2 border-t pt-3">
      <h3 className="font-medium text-sm">{t('rewards.latest')}</h3>
      <ul className="grid gap-2 text-sm">
        {redemptions.slice(0, 5).map((r) => (
          <li key={r.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{localizedName(r.rewardName, r.rewardNameZh, r.rewardNameCn)}</span>{' '}
              <span className="font-mono text-muted-foreground text-xs">{r.code}</span>
              <span className="block text-muted-foreground text-xs">{formatDateTime(r.createdAt)}</span>
            </span>
            <span className="flex items-center gap-2">
              <Badge variant={r.state === 'CANCELLED' ? 'outline' : 'secondary'}>{t(STATE_LABELS[r.state])}</Badge>
              {r.state === 'ISSUED' && (
                <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => void act(r, 'fulfil')}>
                  {t('rewards.fulfil')}
                </Button>
              )}
              {r.state === 'ISSUED' && canCancel && (
                <Button size="sm" variant="outline" disabled={action.isPending} onClick={() => void act(r, 'cancel')}>
                  {t('rewards.cancel')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

const STATE_LABELS = {
  ISSUED: 'rewards.stateIssued',
  FULFILLED: 'rewards.stateFulfilled',
  CANCELLED: 'rewards.stateCancelled',
} as const;
