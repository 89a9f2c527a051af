import {
  AUTOMATION_KINDS,
  type Automation,
  type AutomationInput,
  type AutomationKind,
  rewardListSchema,
} from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import * as React from 'react';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { api } from '@/lib/api';
import { ApiError, failureMessage } from '@/lib/api-error';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { rewardName } from '@/lib/reward-text';
import { useTenantId } from '@/lib/workspace-context';
import { useAutomationPreview, useAutomationRuns, useAutomations, useSaveAutomation } from './api/automations';

/** What each kind asks beyond its texts and gifts: days (win-back, birthday) or points away (near a reward). */
const NUMBER_OF: Record<AutomationKind, 'days' | 'pointsAway' | null> = {
  WELCOME: null,
  BIRTHDAY: 'days',
  WIN_BACK: 'days',
  NEAR_REWARD: 'pointsAway',
  REFERRAL: null,
};

type Values = {
  active: boolean;
  text: string;
  textZh: string;
  textCn: string;
  bonusPoints: string;
  rewardId: string;
  number: string;
};

const valuesOf = (kind: AutomationKind, saved: Automation | undefined): Values => {
  const field = NUMBER_OF[kind];
  const number = field && saved ? saved[field] : null;
  return {
    active: saved?.active ?? false,
    text: saved?.text ?? '',
    textZh: saved?.textZh ?? '',
    textCn: saved?.textCn ?? '',
    bonusPoints: saved?.bonusPoints ? String(saved.bonusPoints) : '',
    rewardId: saved?.rewardId ?? '',
    number:
      number === null || number === undefined
        ? kind === 'WIN_BACK'
          ? '42'
          : kind === 'NEAR_REWARD'
            ? '20'
            : kind === 'BIRTHDAY'
              ? '0'
              : ''
        : String(number),
  };
};

const bodyOf = (kind: AutomationKind, v: Values): AutomationInput => {
  const field = NUMBER_OF[kind];
  const whole = (s: string) => (s.trim() === '' ? null : Number(s));
  return {
    kind,
    active: v.active,
    text: v.text,
    textZh: v.textZh,
    textCn: v.textCn,
    bonusPoints: whole(v.bonusPoints),
    rewardId: kind === 'WELCOME' || v.rewardId === '' ? null : v.rewardId,
    ...(field ? { [field]: whole(v.number) } : {}),
  };
};

/** /automations: what the business says and gives on its own (docs/design.md §10), owners and admins only. */
export function AutomationsPage() {
  const t = useT();
  const automations = useAutomations();
  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{t('automations.title')}</h1>
        <p className="text-muted-foreground">{t('automations.subtitle')}</p>
      </div>
      {automations.isError && <p role="alert">{failureMessage(automations.error)}</p>}
      {automations.isSuccess &&
        AUTOMATION_KINDS.map((kind) => (
          <AutomationCard key={kind} kind={kind} saved={automations.data.find((a) => a.kind === kind)} />
        ))}
    </div>
  );
}

function AutomationCard({ kind, saved }: { kind: AutomationKind; saved: Automation | undefined }) {
  const t = useT();
  const tenantId = useTenantId();
  const save = useSaveAutomation();
  const [values, setValues] = React.useState<Values>(() => valuesOf(kind, saved));
  const [saved_, setSaved] = React.useState(false);
  const rewards = useQuery({
    queryKey: ['tenant', tenantId, 'rewards'],
    queryFn: ({ signal }) => api.get('/api/tenants/rewards', { schema: rewardListSchema, signal }),
    enabled: kind !== 'WELCOME',
  });
  const body = bodyOf(kind, values);
  const preview = useAutomationPreview(body);
  const runs = useAutomationRuns(saved?.id ?? null);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const id = (name: string) => `automation-${kind}-${name}`;
  const set = (patch: Partial<Values>) => {
    setSaved(false);
    setValues((v) => ({ ...v, ...patch }));
  };
  const field = NUMBER_OF[kind];
  const total = preview.data?.days.reduce((n, d) => n + d.members, 0);
  const text = (name: 'text' | 'textZh' | 'textCn', label: MessageKey) => (
    <div className="grid gap-2">
      <Label htmlFor={id(name)}>{t(label)}</Label>
      <Input
        id={id(name)}
        value={values[name]}
        maxLength={160}
        onChange={(e) => set({ [name]: e.target.value })}
        aria-invalid={errors[name] ? true : undefined}
      />
      {errors[name] && <p className="text-destructive text-sm">{errors[name]}</p>}
    </div>
  );
  return (
    <SectionCard
      title={t(`automations.kind.${kind}` as MessageKey)}
      description={t(`automations.about.${kind}` as MessageKey)}
      contentClassName="grid gap-4"
    >
      <div className="flex items-center gap-3">
        <Switch
          id={id('active')}
          checked={values.active}
          onCheckedChange={(active) => set({ active })}
          aria-label={t('automations.active', { name: t(`automations.kind.${kind}` as MessageKey) })}
        />
        <Label htmlFor={id('active')}>{values.active ? t('automations.on') : t('automations.off')}</Label>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('text', 'automations.textEn')}
        {text('textZh', 'automations.textZh')}
        {text('textCn', 'automations.textCn')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={id('bonus')}>{t('automations.bonusPoints')}</Label>
          <Input
            id={id('bonus')}
            inputMode="numeric"
            value={values.bonusPoints}
            onChange={(e) => set({ bonusPoints: e.target.value })}
          />
          {errors.bonusPoints && <p className="text-destructive text-sm">{errors.bonusPoints}</p>}
        </div>
        {kind !== 'WELCOME' && kind !== 'REFERRAL' && (
          <div className="grid gap-2">
            <Label htmlFor={id('gift')}>{t('automations.gift')}</Label>
            <select
              id={id('gift')}
              className="h-9 rounded-md border bg-background px-2 text-sm"
              value={values.rewardId}
              onChange={(e) => set({ rewardId: e.target.value })}
            >
              <option value="">{t('automations.noGift')}</option>
              {(rewards.data ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {rewardName(r)}
                </option>
              ))}
            </select>
          </div>
        )}
        {field && (
          <div className="grid gap-2">
            <Label htmlFor={id('number')}>{t(`automations.number.${kind}` as MessageKey)}</Label>
            <Input
              id={id('number')}
              inputMode="numeric"
              value={values.number}
              onChange={(e) => set({ number: e.target.value })}
            />
            {errors[field] && <p className="text-destructive text-sm">{errors[field]}</p>}
          </div>
        )}
      </div>
      {total !== undefined && (
        <p className="text-muted-foreground text-sm">{t('automations.preview', { count: total })}</p>
      )}
      <div className="flex items-center gap-3">
        <Button
          disabled={save.isPending}
          onClick={() => save.mutate({ id: saved?.id ?? null, body }, { onSuccess: () => setSaved(true) })}
        >
          {t('automations.save')}
        </Button>
        {saved_ && <span role="status">{t('automations.saved')}</span>}
        {save.isError && !Object.keys(errors).length && <span role="alert">{failureMessage(save.error)}</span>}
      </div>
      {saved && (
        <div className="grid gap-2">
          <h3 className="font-medium text-sm">{t('automations.log')}</h3>
          {runs.data && runs.data.days.length === 0 && (
            <p className="text-muted-foreground text-sm">{t('automations.logEmpty')}</p>
          )}
          {runs.data && runs.data.days.length > 0 && (
            <table className="text-sm">
              <thead>
                <tr className="text-left">
                  <th className="pr-4">{t('automations.logDate')}</th>
                  <th className="pr-4">{t('automations.logFired')}</th>
                  <th className="pr-4">{t('automations.logMessaged')}</th>
                  <th>{t('automations.logPoints')}</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.days.map((d) => (
                  <tr key={d.date}>
                    <td className="pr-4">{d.date}</td>
                    <td className="pr-4">{d.fired}</td>
                    <td className="pr-4">{d.messaged}</td>
                    <td>{d.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </SectionCard>
  );
}
