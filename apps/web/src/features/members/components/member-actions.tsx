import { type MemberDetail, type TransactionBody, transactionBodySchema } from '@loyalty/contracts';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { toastFailure } from '@/lib/failure-toast';
import { type MessageKey, t as translate } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { valueOfPoints } from '@/lib/points-math';
import { useRecordTransaction } from '@/lib/record-transaction';
import { formatMoney, formatPoints } from '../members-labels';

type Kind = TransactionBody['type'];
type Values = { amount: string; points: string; reason: string };

const toBody = (kind: Kind, v: Values): unknown =>
  kind === 'PURCHASE'
    ? { type: kind, amount: v.amount.trim() === '' ? Number.NaN : Number(v.amount) }
    : kind === 'REDEEM'
      ? { type: kind, points: v.points.trim() === '' ? Number.NaN : Number(v.points) }
      : { type: kind, points: v.points.trim() === '' ? Number.NaN : Number(v.points), reason: v.reason };

const TITLES: Record<Kind, MessageKey> = {
  PURCHASE: 'members.recordPurchase',
  REDEEM: 'members.redeemPoints',
  ADJUST: 'members.adjustPoints',
};
const FAILED: Record<Kind, MessageKey> = {
  PURCHASE: 'members.recordPurchaseFailed',
  REDEEM: 'members.redeemPointsFailed',
  ADJUST: 'members.adjustPointsFailed',
};

/**
 * One action of the detail view. The Idempotency-Key is made once per attempt and kept while the values
 * stay the same, so pressing again after a lost answer records once.
 */
function ActionForm({ member, kind }: { member: MemberDetail; kind: Kind }) {
  const record = useRecordTransaction();
  const t = useT();
  const [values, setValues] = React.useState<Values>({ amount: '', points: '', reason: '' });
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const key = React.useRef<string | null>(null);
  const set = (field: keyof Values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    key.current = null;
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };
  const terms = member.redeemTerms;
  const redeemOff = kind === 'REDEEM' && !terms?.isActive;
  const points = Number(values.points);
  const worth =
    kind === 'REDEEM' && terms && Number.isInteger(points) && points > 0 ? valueOfPoints(points, terms) : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = transactionBodySchema.safeParse(toBody(kind, values));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    key.current ??= crypto.randomUUID();
    try {
      const result = await record.mutateAsync({ id: member.userId, body: parsed.data, key: key.current });
      key.current = null;
      setValues({ amount: '', points: '', reason: '' });
      const e = result.entry;
      const balance = formatPoints(result.pointsBalance);
      toast({
        title: translate(TITLES[kind]),
        description:
          kind === 'PURCHASE'
            ? translate('members.purchaseDone', {
                amount: formatMoney(e.amount ?? 0),
                count: e.points,
                points: formatPoints(e.points),
                balance,
              })
            : result.tier
              ? translate('members.balanceTier', { count: result.pointsBalance, balance, tier: result.tier.name })
              : translate('members.balance', { count: result.pointsBalance, balance }),
      });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fieldErrors);
      toastFailure(translate(FAILED[kind]), error);
    }
  };

  const id = `action-${kind.toLowerCase()}`;
  const field = (name: keyof Values, label: string, props: React.ComponentProps<'input'>) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="text-destructive text-xs">
          {translateText(errors[name])}
        </p>
      )}
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid content-start gap-2 rounded-md border p-3"
      aria-label={t(TITLES[kind])}
    >
      <h3 className="font-medium text-sm">{t(TITLES[kind])}</h3>
      {kind === 'PURCHASE' &&
        field('amount', t('members.amountField'), { type: 'number', step: '0.01', min: '0', inputMode: 'decimal' })}
      {kind !== 'PURCHASE' &&
        field('points', kind === 'ADJUST' ? t('members.pointsSigned') : t('members.points'), {
          type: 'number',
          step: '1',
          inputMode: 'numeric',
          disabled: redeemOff,
        })}
      {kind === 'ADJUST' && field('reason', t('members.reason'), { maxLength: 200 })}
      {kind === 'REDEEM' && (
        <p className="text-muted-foreground text-xs" aria-live="polite">
          {redeemOff
            ? t('members.redeemOff')
            : worth !== null
              ? t('members.worth', { amount: formatMoney(worth) })
              : terms
                ? t('members.redeemRate', {
                    count: terms.redeemRatePoints,
                    points: formatPoints(terms.redeemRatePoints),
                    amount: formatMoney(terms.redeemRateAmount),
                  })
                : ''}
        </p>
      )}
      <Button type="submit" size="sm" disabled={record.isPending || redeemOff}>
        {t(TITLES[kind])}
      </Button>
    </form>
  );
}

export function MemberActions({ member, canAdjust }: { member: MemberDetail; canAdjust: boolean }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <ActionForm member={member} kind="PURCHASE" />
      <ActionForm member={member} kind="REDEEM" />
      {canAdjust && <ActionForm member={member} kind="ADJUST" />}
    </div>
  );
}
