import type { TierReviewInfo } from '@loyalty/contracts';
import { formatDate, formatMoney } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';

/**
 * What keeps the member's tier under the business's tier policy (the counter's panel, the member dialog): the
 * next review's date and the spend still needed by then, or that it is kept; a running grace period first.
 */
export function TierReviewNote({ review }: { review: TierReviewInfo }) {
  const t = useT();
  const date = formatDate(review.nextReviewAt);
  return (
    <span className="block font-normal text-muted-foreground text-xs" data-testid="tier-review">
      {review.graceUntil
        ? t('tierReview.grace', { date: formatDate(review.graceUntil), amount: formatMoney(review.spendToKeep) })
        : review.spendToKeep > 0
          ? t('tierReview.needs', { date, amount: formatMoney(review.spendToKeep) })
          : t('tierReview.kept', { date })}
    </span>
  );
}
