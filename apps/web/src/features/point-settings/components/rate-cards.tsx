import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { SectionCard } from '@/components/section-card';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { earnSummary, type PointsFormValues, redeemSummary } from '../point-settings-form';
import { POINTS_TEXT, type RateField } from '../point-settings-text';
import { PairError } from './pair-error';

/** One rate: two numbers side by side, the one message of the pair, and the rule in words as the admin types. */
function RateCard({
  text,
  fields,
  summaryId,
  summary,
}: {
  text: { title: MessageKey; description: MessageKey };
  fields: [RateField, RateField];
  summaryId: string;
  summary: (first: string, second: string) => string;
}) {
  const { control, formState } = useFormContext<PointsFormValues>();
  // The summary is worded in the active language: a change of language renders it again.
  const t = useT();
  const [first, second] = useWatch({ control, name: [fields[0].name, fields[1].name] }) as [string, string];
  const message = formState.errors[fields[0].name]?.message ?? formState.errors[fields[1].name]?.message;
  return (
    <SectionCard title={t(text.title)} description={t(text.description)} contentClassName="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(({ name, label, ...input }) => (
          <TextField key={name} id={name} name={name} ownMessage={false} label={t(label)} {...input} />
        ))}
      </div>
      <PairError message={message} />
      <p id={summaryId} aria-live="polite" className="rounded-md bg-muted px-3 py-2 font-medium text-sm">
        {summary(first, second)}
      </p>
    </SectionCard>
  );
}

export function EarnRateCard() {
  const { earn } = POINTS_TEXT;
  return <RateCard text={earn} fields={[earn.amount, earn.points]} summaryId="earn-summary" summary={earnSummary} />;
}

export function RedeemRateCard() {
  const { redeem } = POINTS_TEXT;
  return (
    <RateCard
      text={redeem}
      fields={[redeem.points, redeem.amount]}
      summaryId="redeem-summary"
      summary={redeemSummary}
    />
  );
}

export function LimitsCard() {
  const { limits } = POINTS_TEXT;
  const t = useT();
  return (
    <SectionCard
      title={t(limits.title)}
      description={t(limits.description)}
      contentClassName="grid gap-4 sm:grid-cols-2"
    >
      {[limits.minimum, limits.maximum].map(({ name, label, ...input }) => (
        <TextField key={name} id={name} name={name} label={t(label)} {...input} />
      ))}
    </SectionCard>
  );
}

/** Refunds and the limits of a purchase: each empty for none (the refund window empty: any day). */
export function PurchaseLimitsCard() {
  const { purchases } = POINTS_TEXT;
  const t = useT();
  return (
    <SectionCard
      title={t(purchases.title)}
      description={t(purchases.description)}
      contentClassName="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {purchases.fields.map(({ name, label, ...input }) => (
        <TextField key={name} id={name} name={name} label={t(label)} {...input} />
      ))}
    </SectionCard>
  );
}
