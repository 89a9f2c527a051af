import { zodResolver } from '@hookform/resolvers/zod';
import type { PointsConversionBody } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { NextSetupStep } from '@/components/next-setup-step';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useSavePointsConversion } from '../api/save-points-conversion';
import { type PointsFormValues, pointsFormSchema, toBody } from '../point-settings-form';
import { AdditionalCard, ExpiryCard } from './expiry-card';
import { EarnRateCard, LimitsCard, PurchaseLimitsCard, RedeemRateCard } from './rate-cards';

/**
 * The spec's example rates (docs/spec/data-screens.md, Point Settings: placeholders only, the fields stay empty)
 * as real values, for an owner who takes them in one click.
 */
const SUGGESTED = { earnRateAmount: '10.00', earnRatePoints: '100', redeemRatePoints: '100', redeemRateAmount: '1.00' };

const FIELDS = new Set<string>([
  'earnRateAmount',
  'earnRatePoints',
  'redeemRatePoints',
  'redeemRateAmount',
  'minimumRedemption',
  'maximumRedemption',
  'pointsExpiryDays',
  'pointsExpiryDate',
  'description',
  'refundWindowDays',
  'maxPointsPerPurchase',
  'maxPurchasesPerMemberPerDay',
  'staffMaxPurchaseAmount',
  'expiryWarningDays',
]);

/** The five cards and Save Settings; staff get the same cards with every control disabled and no Save. */
export function PointSettingsForm({ initial, canWrite }: { initial: PointsFormValues; canWrite: boolean }) {
  const form = useForm<PointsFormValues, unknown, PointsConversionBody>({
    resolver: zodResolver(pointsFormSchema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const save = useSavePointsConversion();
  const [saved, setSaved] = React.useState(false);
  const translate = useT();
  // The offer stands while a rate is missing: once the four are filled (by it or by hand) it has nothing to add.
  const rates = form.watch(Object.keys(SUGGESTED) as (keyof typeof SUGGESTED)[]);
  const ratesFilled = rates.every((value) => String(value ?? '').trim() !== '');

  // The contract has judged the values; the body sent is the one the form builds (the date as typed, plus :00).
  const onValid = () =>
    save.mutate(toBody(form.getValues()), {
      onSuccess: () => {
        toast({ title: t('pointSettings.saved') });
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (FIELDS.has(field)) form.setError(field as keyof PointsFormValues, { message });
          }
        }
        toast({ variant: 'destructive', title: t('settings.error'), description: t('pointSettings.saveFailed') });
      },
    });

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="grid gap-6">
        {canWrite && !ratesFilled && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 px-4 py-3">
            <p className="text-sm">{translate('pointSettings.suggestedHint')}</p>
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                for (const [name, value] of Object.entries(SUGGESTED)) {
                  form.setValue(name as keyof typeof SUGGESTED, value, { shouldDirty: true, shouldValidate: true });
                }
                // The offer goes with its button: keyboard focus moves to the first value it filled.
                form.setFocus('earnRateAmount');
              }}
            >
              {translate('pointSettings.useSuggested')}
            </Button>
          </div>
        )}
        <fieldset disabled={!canWrite} className="grid min-w-0 gap-6 lg:grid-cols-2">
          <EarnRateCard />
          <RedeemRateCard />
          <LimitsCard />
          <ExpiryCard disabled={!canWrite} />
          <div className="lg:col-span-2">
            <PurchaseLimitsCard />
          </div>
          <div className="lg:col-span-2">
            <AdditionalCard disabled={!canWrite} />
          </div>
        </fieldset>
        {canWrite && (
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {translate(save.isPending ? 'settings.saving' : 'settings.save')}
            </Button>
          </div>
        )}
        <NextSetupStep step="points" saved={saved} />
      </form>
    </Form>
  );
}
