import { type CounterMember, type TransactionResult, transactionBodySchema } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useRecordTransaction } from '@/features/members/api/record-transaction';
import { failureMessage } from '@/lib/api-error';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { pointsForPurchase, valueOfPoints } from '@/lib/points-math';

type Kind = 'PURCHASE' | 'REDEEM';

/** What the form will record, shown before the button is pressed: points earned, or value and rules. */
function Preview({ member, kind, value }: { member: CounterMember; kind: Kind; value: number }) {
  const t = useT();
  if (kind === 'PURCHASE') {
    if (!member.earnTerms?.isActive) return <p>{t('counter.earnOff')}</p>;
    const terms = member.earnTerms;
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
    const points = pointsForPurchase(value, terms);
    return <p>{t('counter.earns', { count: points, points: formatNumber(points) })}</p>;
  }
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
  const [value, setValue] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const key = React.useRef<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);
  const id = `counter-${kind.toLowerCase()}`;
  const label = kind === 'PURCHASE' ? t('counter.recordPurchase') : t('counter.redeem');
  const disabled = kind === 'REDEEM' && !member.redeemTerms?.isActive;
  const number = value.trim() === '' ? Number.NaN : Number(value);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (record.isPending) return;
    const parsed = transactionBodySchema.safeParse(
      kind === 'PURCHASE' ? { type: kind, amount: number } : { type: kind, points: number },
    );
    if (!parsed.success) {
      setError(translateText(parsed.error.issues[0]?.message ?? ''));
      input.current?.focus();
      return;
    }
    setError(null);
    key.current ??= crypto.randomUUID();
    try {
      const result = await record.mutateAsync({ id: member.userId, body: parsed.data, key: key.current });
      key.current = null;
      setValue('');
      onDone(result);
    } catch (failure) {
      setError(failureMessage(failure));
      // The button was disabled while the request ran, which drops the focus: back to the value to correct.
      input.current?.focus();
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label} className="grid content-start gap-2 rounded-md border p-4">
      <Label htmlFor={id}>{kind === 'PURCHASE' ? t('counter.amount') : t('counter.points')}</Label>
      <Input
        id={id}
        ref={input}
        value={value}
        onChange={(event) => {
          key.current = null;
          setValue(event.target.value);
        }}
        inputMode={kind === 'PURCHASE' ? 'decimal' : 'numeric'}
        autoComplete="off"
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-preview${error ? ` ${id}-error` : ''}`}
      />
      <div id={`${id}-preview`} aria-live="polite" className="grid gap-0.5 text-muted-foreground text-sm">
        <Preview member={member} kind={kind} value={number} />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
      <Button type="submit" disabled={disabled || record.isPending}>
        {label}
      </Button>
    </form>
  );
}
