import { type CounterMember, purchasePreviewBodySchema } from '@loyalty/contracts';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { pointsForPurchase } from '@/lib/points-math';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePurchasePreview } from '../api/purchase-preview';
import { useCounterBranch } from './counter-branch';

/** How long the amount must stay unchanged before the server is asked what it earns. */
const PREVIEW_DEBOUNCE_MS = 300;

/**
 * What a purchase of `value` would earn, before Record (docs/design.md §10): while the amount is being typed, the
 * earn rate's points worked out here; once it settles, the server's answer with the promotions that apply now
 * (each one's points on top of the base), and a warning when the per-purchase cap would refuse it. The server's
 * answer is shown only for the amount on screen, never a previous one.
 */
export function PurchasePreview({ member, value }: { member: CounterMember; value: number }) {
  const t = useT();
  const branchId = useCounterBranch();
  const settled = useDebouncedValue(value, PREVIEW_DEBOUNCE_MS);
  const valid = value > 0 && purchasePreviewBodySchema.shape.amount.safeParse(value).success;
  const preview = usePurchasePreview(member.userId, valid && settled === value ? value : null, branchId ?? null);
  const terms = member.earnTerms;
  if (!terms?.isActive) return <p>{t('counter.earnOff')}</p>;
  if (!(value > 0))
    return (
      <p>
        {t('counter.earnRate', {
          count: terms.earnRatePoints,
          points: formatNumber(terms.earnRatePoints),
          amount: formatMoney(terms.earnRateAmount),
        })}
      </p>
    );
  const answer = settled === value ? preview.data : undefined;
  const points = answer ? answer.points : pointsForPurchase(value, terms);
  return (
    <>
      <p data-testid="counter-purchase-earns">{t('counter.earns', { count: points, points: formatNumber(points) })}</p>
      {answer && answer.promotions.length > 0 && (
        <ul aria-label={t('counter.previewBreakdown')} className="grid gap-0.5">
          <li>{t('counter.previewBase', { points: formatNumber(answer.basePoints) })}</li>
          {answer.promotions.map((p) => (
            <li key={p.id}>
              {t('counter.previewPromotion', {
                name: p.name ? localizedName(p.name, p.nameZh, p.nameCn) : t('counter.resultPromotion'),
                points: formatNumber(p.points),
              })}
            </li>
          ))}
        </ul>
      )}
      {answer?.overCap && <p className="text-destructive">{t('counter.previewOverCap')}</p>}
    </>
  );
}
