import { refundBodySchema, type TransactionResult } from '@loyalty/contracts';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { pointsTakenBack } from '@/lib/points-math';
import { useRefundTransaction } from '@/lib/refund-transaction';
import { numberOf, useKeyedSubmit } from '@/lib/use-keyed-submit';

/** The purchase a refund gives back: its amount, the points it earned, and what was refunded of it so far. */
type RefundedPurchase = { amount: number; points: number; refunded: number };

/**
 * What the typed refund will do, before it is confirmed (docs/design.md §9 Orders, refunds): the points it takes
 * back, by the engine's cumulative floor, and the balance after, which may go below zero when the points were spent.
 */
function RefundPreview({
  id,
  purchase,
  balance,
  value,
}: {
  id: string;
  purchase: RefundedPurchase;
  balance: number;
  value: number;
}) {
  const t = useT();
  const left = purchase.amount - purchase.refunded;
  if (!(value > 0) || value > left + 1e-9) return null;
  const points = pointsTakenBack(purchase.points, purchase.amount, purchase.refunded, value);
  const after = balance - points;
  return (
    <p id={id} aria-live="polite" className="text-sm">
      {t('members.refundPreview', { count: points, points: formatNumber(points), balance: formatNumber(after) })}
      {after < 0 && <span className="block text-destructive">{t('members.refundBelowZero')}</span>}
    </p>
  );
}

/**
 * Refund part or all of a purchase (a customer's return): the amount given back, at most what is left of the
 * purchase. The server takes the points back and decides the window; its refusals show under the amount. One
 * Idempotency-Key per intended refund, kept until the amount changes or the refund is recorded.
 */
export function RefundForm({
  memberId,
  entryId,
  left,
  orderId = null,
  purchase,
  balance,
  onDone,
  onCancel,
  branchId,
}: {
  memberId: string;
  entryId: string;
  /** What can still be refunded of the purchase. */
  left: number;
  /** The business's order the purchase was, when it has one: the form says which order it refunds. */
  orderId?: string | null | undefined;
  purchase: RefundedPurchase;
  /** The member's balance now: the preview says what it will be after the refund. */
  balance: number;
  onDone: (result: TransactionResult) => void;
  onCancel?: () => void;
  /** Where the refund is made (the counter's branch; docs/design.md §10); absent: none named. */
  branchId?: string | undefined;
}) {
  const t = useT();
  const refund = useRefundTransaction();
  const id = `refund-${entryId}`;

  const { value, error, submit, field } = useKeyedSubmit({
    initial: String(left),
    pending: refund.isPending,
    parse: (value) => refundBodySchema.safeParse({ amount: numberOf(value) }),
    send: (body, key) => refund.mutateAsync({ id: memberId, entryId, amount: body.amount, key, branchId }),
    onDone,
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('members.refund')} className="grid gap-2">
      {orderId && (
        <p id={`${id}-order`} className="break-all font-medium text-sm">
          {t('members.refundOrder', { orderId })}
        </p>
      )}
      <Label htmlFor={id}>{t('members.refundAmount')}</Label>
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={id}
          {...field}
          inputMode="decimal"
          className="w-32"
          aria-describedby={`${orderId ? `${id}-order ` : ''}${id}-left ${id}-preview${error ? ` ${id}-error` : ''}`}
        />
        <Button type="submit" size="sm" disabled={refund.isPending}>
          {t('members.refundSubmit')}
        </Button>
        {onCancel && (
          <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
      </div>
      <p id={`${id}-left`} className="text-muted-foreground text-sm">
        {t('members.refundLeft', { amount: formatMoney(left) })}
      </p>
      <RefundPreview id={`${id}-preview`} purchase={purchase} balance={balance} value={numberOf(value)} />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
