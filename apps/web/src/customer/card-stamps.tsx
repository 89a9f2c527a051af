import type { MemberStampCard } from '@loyalty/contracts';
import { StampCardDrawing } from '@/components/stamp-card-drawing';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';

/**
 * The customer's stamp card (docs/design.md §10), drawn in the business's colours with the stamps filled, and the
 * reward of a full card ready to collect. The page reads the card again whenever the counter adds a stamp (live).
 */
export function CardStamps({ card }: { card: MemberStampCard }) {
  const t = useT();
  const reward = card.reward ? localizedName(card.reward.name, card.reward.nameZh, card.reward.nameCn) : null;
  return (
    <section aria-labelledby="card-stamps" className="rounded-xl bg-white p-5 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="card-stamps" className="text-lg font-semibold">
          {t('customer.stamps')}
        </h2>
        <span data-testid="card-stamps" className="font-semibold tabular-nums">
          {card.stamps}/{card.stampsPerCard}
        </span>
      </div>
      <StampCardDrawing
        stamps={card.stamps}
        total={card.stampsPerCard}
        label={t('customer.stampProgress', { stamps: card.stamps, total: card.stampsPerCard })}
        filled="var(--brand-bg)"
        outline="var(--brand-bg)"
      />
      {reward ? <p className="mt-3 text-sm text-zinc-600">{t('customer.stampReward', { reward })}</p> : null}
      {card.ready.map((r) => (
        <p
          key={r.id}
          data-testid="card-stamp-reward"
          className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900"
        >
          {t('customer.stampRewardReady', {
            reward: localizedName(r.rewardName, r.rewardNameZh, r.rewardNameCn),
            code: r.code,
          })}
        </p>
      ))}
    </section>
  );
}
