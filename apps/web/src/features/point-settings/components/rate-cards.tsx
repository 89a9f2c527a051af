import type { UseFormReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { earnSummary, type PointsFormValues, redeemSummary } from '../point-settings-form';
import { Field, PairError } from './field';

type Form = UseFormReturn<PointsFormValues, unknown, unknown>;

/** A line that says in words what the rule does, updated as the admin types. */
function Summary({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} aria-live="polite" className="rounded-md bg-muted px-3 py-2 font-medium text-sm">
      {text}
    </p>
  );
}

export function EarnRateCard({ form }: { form: Form }) {
  const { register, watch, formState } = form;
  const { errors } = formState;
  const message = errors.earnRateAmount?.message ?? errors.earnRatePoints?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Earn Rate</CardTitle>
        <CardDescription>How many points a member earns for what they spend</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="earnRateAmount" label="Amount Spent ($)">
            <Input
              id="earnRateAmount"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="10.00"
              aria-invalid={!!errors.earnRateAmount}
              {...register('earnRateAmount')}
            />
          </Field>
          <Field id="earnRatePoints" label="Points Earned">
            <Input
              id="earnRatePoints"
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              placeholder="100"
              aria-invalid={!!errors.earnRatePoints}
              {...register('earnRatePoints')}
            />
          </Field>
        </div>
        <PairError message={message} />
        <Summary id="earn-summary" text={earnSummary(watch('earnRateAmount'), watch('earnRatePoints'))} />
      </CardContent>
    </Card>
  );
}

export function RedeemRateCard({ form }: { form: Form }) {
  const { register, watch, formState } = form;
  const { errors } = formState;
  const message = errors.redeemRatePoints?.message ?? errors.redeemRateAmount?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Redeem Rate</CardTitle>
        <CardDescription>What points are worth when a member redeems them</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="redeemRatePoints" label="Points Required">
            <Input
              id="redeemRatePoints"
              type="number"
              inputMode="numeric"
              step="1"
              min="1"
              placeholder="100"
              aria-invalid={!!errors.redeemRatePoints}
              {...register('redeemRatePoints')}
            />
          </Field>
          <Field id="redeemRateAmount" label="Redemption Value ($)">
            <Input
              id="redeemRateAmount"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="1.00"
              aria-invalid={!!errors.redeemRateAmount}
              {...register('redeemRateAmount')}
            />
          </Field>
        </div>
        <PairError message={message} />
        <Summary id="redeem-summary" text={redeemSummary(watch('redeemRatePoints'), watch('redeemRateAmount'))} />
      </CardContent>
    </Card>
  );
}

export function LimitsCard({ form }: { form: Form }) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Redemption Limits</CardTitle>
        <CardDescription>The fewest and most points one redemption may use (leave empty for no limit)</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Field id="minimumRedemption" label="Minimum Redemption (points)" error={errors.minimumRedemption?.message}>
          <Input
            id="minimumRedemption"
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            placeholder="100"
            aria-invalid={!!errors.minimumRedemption}
            {...register('minimumRedemption')}
          />
        </Field>
        <Field id="maximumRedemption" label="Maximum Redemption (points)" error={errors.maximumRedemption?.message}>
          <Input
            id="maximumRedemption"
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
            placeholder="10000"
            aria-invalid={!!errors.maximumRedemption}
            {...register('maximumRedemption')}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
