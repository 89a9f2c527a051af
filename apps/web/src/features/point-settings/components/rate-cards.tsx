import { useFormContext, useWatch } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
    <Card>
      <CardHeader>
        <CardTitle>{t(text.title)}</CardTitle>
        <CardDescription>{t(text.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map(({ name, label, ...input }) => (
            <TextField key={name} id={name} name={name} ownMessage={false} label={t(label)} {...input} />
          ))}
        </div>
        <PairError message={message} />
        <p id={summaryId} aria-live="polite" className="rounded-md bg-muted px-3 py-2 font-medium text-sm">
          {summary(first, second)}
        </p>
      </CardContent>
    </Card>
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
    <Card>
      <CardHeader>
        <CardTitle>{t(limits.title)}</CardTitle>
        <CardDescription>{t(limits.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        {[limits.minimum, limits.maximum].map(({ name, label, ...input }) => (
          <TextField key={name} id={name} name={name} label={t(label)} {...input} />
        ))}
      </CardContent>
    </Card>
  );
}

/** Refunds and the limits of a purchase: each empty for none (the refund window empty: any day). */
export function PurchaseLimitsCard() {
  const { purchases } = POINTS_TEXT;
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(purchases.title)}</CardTitle>
        <CardDescription>{t(purchases.description)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {purchases.fields.map(({ name, label, ...input }) => (
          <TextField key={name} id={name} name={name} label={t(label)} {...input} />
        ))}
      </CardContent>
    </Card>
  );
}
