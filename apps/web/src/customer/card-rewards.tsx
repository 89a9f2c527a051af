import type { CardClaim, ClaimAnswer, MemberReward } from '@loyalty/contracts';
import * as React from 'react';
import { failureMessage } from '@/lib/api-error';
import { formatMoney } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { customerToken } from './customer-firebase';
import { claimReward } from './public-api';

type Claimed = ClaimAnswer & { reward: MemberReward };

/**
 * The card's rewards (docs/design.md §9): each one offered to the member with how far they are from it ("38 points
 * to a free coffee"); one they can have is claimed here as a code valid 10 minutes, shown on this screen only
 * (never on the pass: a screenshot is worth nothing later), which staff type or scan at the counter. The card's
 * `claims`, read again each time the card's stream says it changed, mark a code used: it leaves the screen then.
 */
export function CardRewards({
  slug,
  rewards,
  claims = [],
}: {
  slug: string;
  rewards: MemberReward[];
  claims?: CardClaim[];
}) {
  const t = useT();
  const [claimed, setClaimed] = React.useState<Claimed | null>(null);
  const [pending, setPending] = React.useState<string | null>(null);
  const [error, setError] = React.useState<string | null>(null);
  const used = claimed !== null && claims.some((c) => c.claimCode === claimed.claimCode && c.used);
  React.useEffect(() => {
    if (used) setClaimed(null);
  }, [used]);
  if (rewards.length === 0) return null;

  const claim = async (reward: MemberReward) => {
    setPending(reward.id);
    setError(null);
    try {
      const token = await customerToken();
      if (!token) throw new Error(t('customer.claimFailed'));
      setClaimed({ ...(await claimReward(slug, reward.id, token)), reward });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="card-rewards">
      <h2 id="card-rewards" className="mb-2 text-lg font-semibold">
        {t('customer.rewards')}
      </h2>
      {claimed && !used ? <ClaimCode claimed={claimed} onDone={() => setClaimed(null)} /> : null}
      {error ? (
        <p role="alert" className="mb-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <ul className="divide-y divide-zinc-200 rounded-xl bg-white shadow-sm">
        {rewards.map((reward) => (
          <RewardRow
            key={reward.id}
            reward={reward}
            pending={pending === reward.id}
            onClaim={() => void claim(reward)}
          />
        ))}
      </ul>
    </section>
  );
}

function RewardRow({ reward, pending, onClaim }: { reward: MemberReward; pending: boolean; onClaim: () => void }) {
  const t = useT();
  const name = localizedName(reward.name, reward.nameZh, reward.nameCn);
  const offer =
    reward.kind === 'AMOUNT_OFF'
      ? t('customer.rewardAmountOff', { amount: formatMoney(reward.value ?? 0) })
      : reward.kind === 'PERCENT_OFF'
        ? t('customer.rewardPercentOff', { percent: reward.value ?? 0 })
        : t('customer.rewardFreeItem');
  const status =
    reward.blockedBy === 'OUT_OF_STOCK'
      ? t('customer.rewardOutOfStock')
      : reward.blockedBy === 'LIMIT_REACHED'
        ? t('customer.rewardLimitReached')
        : reward.available
          ? t('customer.rewardReady')
          : t('customer.rewardPointsTo', { points: reward.pointsNeeded, reward: name });
  // A balance below zero (a refund of spent points) needs more than the cost: the bar starts empty, not before it.
  const progress = Math.max(
    0,
    Math.min(100, Math.round(((reward.pointsCost - reward.pointsNeeded) / reward.pointsCost) * 100)),
  );
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      {reward.imageUrl ? (
        <img src={reward.imageUrl} alt="" className="size-12 shrink-0 rounded-lg object-cover" />
      ) : null}
      <div className="min-w-0 flex-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-zinc-600">
          {offer} · {t('customer.rewardCost', { points: reward.pointsCost })}
        </p>
        <p className="text-sm" data-testid="reward-status">
          {status}
        </p>
        {!reward.available && !reward.blockedBy ? (
          <div
            role="progressbar"
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={name}
            className="mt-1 h-1.5 overflow-hidden rounded-full bg-zinc-200"
          >
            <div className="h-full bg-[var(--brand-bg)]" style={{ width: `${progress}%` }} />
          </div>
        ) : null}
      </div>
      {reward.available ? (
        <button
          type="button"
          onClick={onClaim}
          disabled={pending}
          aria-label={t('customer.rewardClaimName', { reward: name })}
          className="h-10 shrink-0 rounded-lg bg-[var(--brand-bg)] px-4 font-semibold text-[var(--brand-fg)] disabled:opacity-60"
        >
          {pending ? t('customer.rewardClaiming') : t('customer.rewardClaim')}
        </button>
      ) : null}
    </li>
  );
}

/** Seconds left until `expiresAt`, ticking once a second. */
function useSecondsLeft(expiresAt: string): number {
  const left = () => Math.max(0, Math.ceil((Date.parse(expiresAt) - Date.now()) / 1000));
  const [seconds, setSeconds] = React.useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads only expiresAt
  React.useEffect(() => {
    setSeconds(left());
    const timer = setInterval(() => setSeconds(left()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return seconds;
}

function ClaimCode({ claimed, onDone }: { claimed: Claimed; onDone: () => void }) {
  const t = useT();
  const seconds = useSecondsLeft(claimed.expiresAt);
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const name = localizedName(claimed.reward.name, claimed.reward.nameZh, claimed.reward.nameCn);
  const box = React.useRef<HTMLDivElement>(null);
  // On a phone the rewards sit below the fold: the code is brought into view, so the customer sees it at once.
  React.useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <div
      ref={box}
      role="status"
      className="mb-3 rounded-xl border-2 border-[var(--brand-bg)] bg-white p-4 text-center shadow-sm"
    >
      <p className="font-semibold">{name}</p>
      <p className="text-sm text-zinc-600">{t('customer.claimTitle')}</p>
      <p className="sr-only">{t('customer.claimCodeLabel')}</p>
      <p data-testid="claim-code" className="my-3 font-mono text-4xl font-bold tracking-[0.2em]">
        {claimed.claimCode}
      </p>
      <p className="text-sm">{seconds > 0 ? t('customer.claimValid', { time }) : t('customer.claimExpired')}</p>
      <button type="button" onClick={onDone} className="mt-3 text-sm font-medium underline">
        {t('customer.claimDone')}
      </button>
    </div>
  );
}
