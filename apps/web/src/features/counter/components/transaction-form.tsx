import { type CounterMember, type TransactionResult, transactionBodySchema } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { valueOfPoints } from '@/lib/points-math';
import { useRecordTransaction } from '@/lib/record-transaction';
import { numberOf, useKeyedSubmit } from '@/lib/use-keyed-submit';
import { useCounterBranch } from './counter-branch';
import { type OrderFields, PurchaseOrderFields } from './purchase-order-fields';
import { PurchasePreview } from './purchase-preview';

type Kind = 'PURCHASE' | 'REDEEM';

/** What the form will record, shown before the button is pressed: points earned, or value and rules. */
function Preview({ member, kind, value }: { member: CounterMember; kind: Kind; value: number }) {
  const t = useT();
  if (kind === 'PURCHASE') return <PurchasePreview member={member} value={value} />;
  const terms = member.redeemTerms;
  if (!terms?.isActive) return <p>{t('counter.redeemOff')}</p>;
  const { minimumRedemption: min, maximumRedemption: max } = terms;
  return (
    <>
      <p>
        {Number.isInteger(value) && value > 0
          ? t('counter.worth', { amount: formatMoney(valueOfPoints(value, terms)) })
          : t('counter.redeemRate', {
              count: terms.redeemRatePoints,
              points: formatNumber(terms.redeemRatePoints),
              amount: formatMoney(terms.redeemRateAmount),
            })}
      </p>
      {min !== null && <p>{t('counter.redeemMin', { count: min, points: formatNumber(min) })}</p>}
      {max !== null && <p>{t('counter.redeemMax', { count: max, points: formatNumber(max) })}</p>}
    </>
  );
}

/**
 * Record purchase (an amount) or Redeem (points). One Idempotency-Key per intended transaction: made at the
 * first press and kept until the value changes or the server records it, so a double click or a retry after a
 * lost answer records once. The server's refusals (not enough points, below the minimum…) show under the form.
 */
export function TransactionForm({
  member,
  kind,
  onDone,
}: {
  member: CounterMember;
  kind: Kind;
  onDone: (result: TransactionResult) => void;
}) {
  const t = useT();
  const record = useRecordTransaction();
  const branchId = useCounterBranch();
  const id = `counter-${kind.toLowerCase()}`;
  const label = kind === 'PURCHASE' ? t('counter.recordPurchase') : t('counter.redeem');
  // The reward-code form beside this one shows "Redeem" too: each is named by what it redeems, starting with the
  // words it shows (WCAG 2.5.3 Label in Name), so a screen reader or a voice command tells the two apart.
  const name = kind === 'PURCHASE' ? label : t('counter.redeemPoints');
  const disabled = kind === 'REDEEM' && !member.redeemTerms?.isActive;
  const [order, setOrder] = React.useState<OrderFields>({ orderId: '', note: '' });
  const { value, error, errorField, submit, field, renew } = useKeyedSubmit({
    clearOnDone: true,
    pending: record.isPending,
    parse: (value) => {
      const number = numberOf(value);
      return transactionBodySchema.safeParse(
        kind === 'PURCHASE'
          ? {
              type: kind,
              amount: number,
              // Empty fields are not sent: a purchase without an order is the usual one.
              ...(order.orderId.trim() ? { orderId: order.orderId.trim() } : {}),
              ...(order.note.trim() ? { note: order.note } : {}),
              ...(branchId ? { branchId } : {}),
            }
          : { type: kind, points: number, ...(branchId ? { branchId } : {}) },
      );
    },
    send: (body, key) => record.mutateAsync({ id: member.userId, body, key }),
    onDone: (result) => {
      setOrder({ orderId: '', note: '' });
      onDone(result);
    },
    // An order id taken by another purchase is the order id's fault, not the amount's.
    fieldOf: (failure) => (failure.code === 'DUPLICATE_ORDER' ? 'orderId' : Object.keys(failure.fieldErrors)[0]),
  });
  const valueError = error && errorField !== 'orderId' && errorField !== 'note' ? error : null;

  return (
    <form onSubmit={submit} noValidate aria-label={name} className="grid content-start gap-2 rounded-md border p-4">
      <Label htmlFor={id}>{kind === 'PURCHASE' ? t('counter.amount') : t('counter.points')}</Label>
      <Input
        id={id}
        {...field}
        aria-invalid={valueError ? true : undefined}
        inputMode={kind === 'PURCHASE' ? 'decimal' : 'numeric'}
        disabled={disabled}
        aria-describedby={`${id}-preview${valueError ? ` ${id}-error` : ''}`}
      />
      <div id={`${id}-preview`} aria-live="polite" className="grid gap-0.5 text-muted-foreground text-sm">
        <Preview member={member} kind={kind} value={numberOf(value)} />
      </div>
      {valueError && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {valueError}
        </p>
      )}
      {kind === 'PURCHASE' && (
        <PurchaseOrderFields
          value={order}
          onChange={(next) => {
            // Another order or note is another purchase: a new Idempotency-Key.
            renew();
            setOrder(next);
          }}
          error={error}
          errorField={errorField}
        />
      )}
      <Button type="submit" disabled={disabled || record.isPending} aria-label={name === label ? undefined : name}>
        {label}
      </Button>
    </form>
  );
}
