import type { TransactionResult } from '@loyalty/contracts';
import * as React from 'react';
import { RefundForm } from '@/components/refund-form';
import { Button } from '@/components/ui/button';
import { failureMessage } from '@/lib/api-error';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useReverseTransaction } from '../api/reverse-transaction';
import { useCounterBranch } from './counter-branch';

const TITLES = {
  PURCHASE: 'counter.purchaseDone',
  REDEEM: 'counter.redeemDone',
  REVERSAL: 'counter.reversalDone',
  REFUND: 'counter.refundDone',
} as const;

const signed = (points: number) => `${points > 0 ? '+' : ''}${formatNumber(points)}`;

/**
 * The last transaction and the member's new balance, with Reverse for a purchase or redemption. Whether it may
 * still be reversed (10 minutes, points not spent, not reversed yet) is the server's call: its refusal is shown.
 */
export function ResultPanel({
  memberId,
  result,
  onReversed,
}: {
  memberId: string;
  result: TransactionResult;
  onReversed: (result: TransactionResult) => void;
}) {
  const t = useT();
  const reverse = useReverseTransaction();
  const [error, setError] = React.useState<string | null>(null);
  const { entry } = result;
  const type =
    entry.type === 'PURCHASE' || entry.type === 'REDEEM' || entry.type === 'REVERSAL' || entry.type === 'REFUND'
      ? entry.type
      : null;
  const [refunding, setRefunding] = React.useState(false);
  const branchId = useCounterBranch();

  const onReverse = async () => {
    setError(null);
    try {
      onReversed(await reverse.mutateAsync({ id: memberId, entryId: entry.id }));
    } catch (failure) {
      setError(failureMessage(failure));
    }
  };

  return (
    <section aria-labelledby="counter-result-title" aria-live="polite" className="grid gap-2 rounded-md border p-4">
      <h2 id="counter-result-title" className="font-semibold">
        {type ? t(TITLES[type]) : t('counter.resultTitle')}
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        {entry.amount !== null && (
          <>
            <dt className="text-muted-foreground">{t('counter.resultAmount')}</dt>
            <dd>{formatMoney(entry.amount)}</dd>
          </>
        )}
        <dt className="text-muted-foreground">{t('counter.resultPoints')}</dt>
        <dd>{signed(entry.points)}</dd>
        {/* A purchase a promotion added to: its base points and each promotion's part (docs/design.md §10). */}
        {entry.basePoints !== undefined && entry.promotions?.length ? (
          <>
            <dt className="text-muted-foreground">{t('counter.resultBasePoints')}</dt>
            <dd>{signed(entry.basePoints)}</dd>
            {entry.promotions.map((p) => (
              <React.Fragment key={p.id}>
                <dt className="text-muted-foreground">
                  {p.name ? localizedName(p.name, p.nameZh, p.nameCn) : t('counter.resultPromotion')}
                </dt>
                <dd>{signed(p.points)}</dd>
              </React.Fragment>
            ))}
          </>
        ) : null}
        <dt className="text-muted-foreground">{t('counter.newBalance')}</dt>
        <dd className="font-semibold text-base" data-testid="counter-new-balance">
          {formatNumber(result.pointsBalance)}
        </dd>
        {result.tier && (
          <>
            <dt className="text-muted-foreground">{t('counter.tier')}</dt>
            {/* The tier in the reader's language (zh-Hans → zh-Hant → en), as the member panel above names it. */}
            <dd>{localizedName(result.tier.name, result.tier.nameZh, result.tier.nameCn)}</dd>
          </>
        )}
      </dl>
      {(type === 'PURCHASE' || type === 'REDEEM') && (
        <Button type="button" variant="outline" onClick={onReverse} disabled={reverse.isPending}>
          {t('counter.reverse')}
        </Button>
      )}
      {/* The 10-minute Reverse is for mistakes; a customer's return is a refund, any day within the window. */}
      {type === 'PURCHASE' &&
        entry.amount !== null &&
        (refunding ? (
          <RefundForm
            memberId={memberId}
            entryId={entry.id}
            left={entry.amount - (entry.refundedAmount ?? 0)}
            orderId={entry.orderId ?? null}
            purchase={{ amount: entry.amount, points: entry.points, refunded: entry.refundedAmount ?? 0 }}
            balance={result.pointsBalance}
            onDone={onReversed}
            onCancel={() => setRefunding(false)}
            branchId={branchId}
          />
        ) : (
          <Button type="button" variant="outline" onClick={() => setRefunding(true)}>
            {t('members.refund')}
          </Button>
        ))}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </section>
  );
}
