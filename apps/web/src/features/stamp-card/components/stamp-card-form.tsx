import type { StampCard, StampCardInput, StampEarn } from '@loyalty/contracts';
import * as React from 'react';
import { StampCardDrawing } from '@/components/stamp-card-drawing';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { SELECT_TRIGGER_CLASS } from '@/components/ui/select-trigger-class';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { localizedName } from '@/lib/i18n/localized-name';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useRewardChoices, useSaveStampCard } from '../api/stamp-card';

/** The form's fields as typed: numbers as text, empty for "none". */
type Values = {
  active: boolean;
  stampsPerCard: string;
  earn: StampEarn;
  amountPerStamp: string;
  maxStampsPerDay: string;
  rewardId: string;
  expiryDays: string;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function toValues(card: StampCard | null): Values {
  return {
    active: card?.active ?? true,
    stampsPerCard: text(card?.stampsPerCard ?? 8),
    earn: card?.earn ?? 'PER_VISIT',
    amountPerStamp: text(card?.amountPerStamp),
    maxStampsPerDay: text(card?.maxStampsPerDay),
    rewardId: card?.rewardId ?? '',
    expiryDays: text(card?.expiryDays),
  };
}

/** A typed number, or null for empty; the contract judges it (a word stays a word, refused at its field). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

function toBody(v: Values): StampCardInput {
  return {
    active: v.active,
    stampsPerCard: Number(v.stampsPerCard),
    earn: v.earn,
    amountPerStamp: v.earn === 'PER_AMOUNT' ? numberOrNull(v.amountPerStamp) : null,
    maxStampsPerDay: numberOrNull(v.maxStampsPerDay),
    rewardId: v.rewardId,
    expiryDays: numberOrNull(v.expiryDays),
  };
}

/** The stamp card's settings (docs/design.md §10) with its preview; staff see them read-only. */
export function StampCardForm({ initial, canWrite }: { initial: StampCard | null; canWrite: boolean }) {
  const t = useT();
  const [values, setValues] = React.useState<Values>(() => toValues(initial));
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const rewards = useRewardChoices();
  const save = useSaveStampCard();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    save.mutate(toBody(values), {
      onSuccess: () => toast({ title: t('stampCard.saved') }),
      onError: (error) => {
        if (error instanceof ApiError) setErrors(error.fieldErrors);
        toast({ variant: 'destructive', title: t('settings.error'), description: t('stampCard.saveFailed') });
      },
    });
  };

  const size = Math.min(20, Math.max(2, Number(values.stampsPerCard) || 8));
  const field = (name: keyof Values, label: string, hint?: string, input?: React.ReactNode) => (
    <div className="grid gap-2">
      <Label htmlFor={`stamp-${name}`}>{label}</Label>
      {input ?? (
        <Input
          id={`stamp-${name}`}
          inputMode="decimal"
          value={values[name] as string}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `stamp-${name}-error` : undefined}
          onChange={(e) => set(name, e.target.value as never)}
        />
      )}
      {hint && <p className="text-muted-foreground text-xs">{hint}</p>}
      {errors[name] && (
        <p id={`stamp-${name}-error`} role="alert" className="text-destructive text-sm">
          {translateText(errors[name])}
        </p>
      )}
    </div>
  );

  const choices = rewards.data ?? [];
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <fieldset disabled={!canWrite} className="grid min-w-0 gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('stampCard.cardTitle')}</CardTitle>
            <CardDescription>{t('stampCard.nextCardNote')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <div className="flex items-center justify-between gap-3">
              <div>
                <Label htmlFor="stamp-active">{t('stampCard.active')}</Label>
                <p className="text-muted-foreground text-xs">{t('stampCard.activeHint')}</p>
              </div>
              <Switch id="stamp-active" checked={values.active} onCheckedChange={(on) => set('active', on)} />
            </div>
            {field('stampsPerCard', t('stampCard.stampsPerCard'))}
            {field(
              'earn',
              t('stampCard.earn'),
              undefined,
              <select
                id="stamp-earn"
                className={`${SELECT_TRIGGER_CLASS} h-9 w-full`}
                value={values.earn}
                onChange={(e) => set('earn', e.target.value as StampEarn)}
              >
                <option value="PER_VISIT">{t('stampCard.earnPerVisit')}</option>
                <option value="PER_AMOUNT">{t('stampCard.earnPerAmount')}</option>
              </select>,
            )}
            {values.earn === 'PER_AMOUNT' && field('amountPerStamp', t('stampCard.amountPerStamp'))}
            {field('maxStampsPerDay', t('stampCard.maxStampsPerDay'), t('stampCard.noLimitHint'))}
            {field('expiryDays', t('stampCard.expiryDays'), t('stampCard.expiryHint'))}
            {field(
              'rewardId',
              t('stampCard.reward'),
              choices.length === 0 && rewards.isSuccess ? t('stampCard.noRewards') : undefined,
              <select
                id="stamp-rewardId"
                className={`${SELECT_TRIGGER_CLASS} h-9 w-full`}
                value={values.rewardId}
                aria-invalid={errors.rewardId ? true : undefined}
                onChange={(e) => set('rewardId', e.target.value)}
              >
                <option value="">{t('stampCard.rewardChoose')}</option>
                {choices.map((r) => (
                  <option key={r.id} value={r.id}>
                    {localizedName(r.name, r.nameZh, r.nameCn)}
                  </option>
                ))}
              </select>,
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('stampCard.preview')}</CardTitle>
            <CardDescription>{t('stampCard.progress', { stamps: Math.min(3, size), total: size })}</CardDescription>
          </CardHeader>
          <CardContent>
            <StampCardDrawing
              stamps={Math.min(3, size)}
              total={size}
              label={t('stampCard.progress', { stamps: Math.min(3, size), total: size })}
            />
          </CardContent>
        </Card>
      </fieldset>
      {canWrite && (
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {t(save.isPending ? 'settings.saving' : 'settings.save')}
          </Button>
        </div>
      )}
    </form>
  );
}
