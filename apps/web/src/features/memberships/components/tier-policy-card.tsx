import { zodResolver } from '@hookform/resolvers/zod';
import {
  TIER_BASES,
  TIER_DOWNGRADES,
  type TierPolicy,
  type TierPolicyBody,
  tierPolicySchema,
} from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { SelectField, TextField } from '@/components/form-fields';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';
import { useSaveTierPolicy, useTierPolicy } from '../api/tier-policy';
import {
  BASIS_LABELS,
  DOWNGRADE_LABELS,
  formValuesOf,
  policyOf,
  type TierPolicyFormValues,
  tierPolicyFormSchema,
} from './tier-policy-form';
import { TierPolicyPreviewPanel } from './tier-policy-preview';

/** How long the editor waits after the last change before asking for a new preview. */
const PREVIEW_DELAY_MS = 400;

/**
 * The tier policy (docs/design.md §9 "Tier review"): which spend keeps a tier, how far a member falls and after how much
 * grace, with a live preview of the next review while it is edited. Staff see it, and the saved policy's preview.
 */
export function TierPolicyCard({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const query = useTierPolicy();
  if (!query.data) return null;
  return <TierPolicyEditor policy={query.data} canWrite={canWrite} key={JSON.stringify(query.data)} t={t} />;
}

function TierPolicyEditor({
  policy,
  canWrite,
  t,
}: {
  policy: TierPolicy;
  canWrite: boolean;
  t: ReturnType<typeof useT>;
}) {
  const form = useForm<TierPolicyFormValues, unknown, TierPolicyBody>({
    resolver: zodResolver(tierPolicyFormSchema),
    mode: 'onChange',
    defaultValues: formValuesOf(policy),
  });
  const save = useSaveTierPolicy();
  const values = form.watch();
  const basis = values.basis;
  const edited = form.formState.isDirty;
  // The saved policy's preview until the policy is edited (and for those who cannot edit); then the edited one's,
  // once it has settled and the API would accept it.
  const asked = useSettled(JSON.stringify(canWrite && edited ? policyOf(values) : 'saved'));
  const previewed = React.useMemo((): TierPolicyBody | 'saved' | null => {
    const wanted: unknown = JSON.parse(asked);
    if (wanted === 'saved') return 'saved';
    const parsed = tierPolicySchema.safeParse(wanted);
    return parsed.success ? parsed.data : null;
  }, [asked]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await save.mutateAsync(body);
      toast({ title: t('tierPolicy.saved') });
    } catch {
      toast({ variant: 'destructive', title: t('settings.error'), description: t('tierPolicy.saveFailed') });
    }
  });

  return (
    <SectionCard title={t('tierPolicy.title')} description={t('tierPolicy.description')}>
      <Form {...form}>
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label={t('tierPolicy.title')}>
          <fieldset disabled={!canWrite || save.isPending} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <SelectField
              id="tier-policy-basis"
              name="basis"
              label={t('tierPolicy.basis')}
              choices={TIER_BASES.map((value) => ({ value, label: t(BASIS_LABELS[value]) }))}
            />
            {basis === 'ROLLING_MONTHS' && (
              <TextField
                id="tier-policy-months"
                name="months"
                label={t('tierPolicy.months')}
                type="number"
                inputMode="numeric"
                min={1}
                max={60}
              />
            )}
            <SelectField
              id="tier-policy-downgrade"
              name="downgrade"
              label={t('tierPolicy.downgrade')}
              choices={TIER_DOWNGRADES.map((value) => ({ value, label: t(DOWNGRADE_LABELS[value]) }))}
            />
            <TextField
              id="tier-policy-grace"
              name="graceDays"
              label={t('tierPolicy.graceDays')}
              type="number"
              inputMode="numeric"
              min={0}
              max={365}
            />
          </fieldset>
          <TierPolicyPreviewPanel policy={previewed} />
          {canWrite && (
            <div className="flex justify-end">
              <Button type="submit" disabled={save.isPending}>
                {t('tierPolicy.save')}
              </Button>
            </div>
          )}
        </form>
      </Form>
    </SectionCard>
  );
}

/** `value` once it has stayed the same for a moment: typing "24" asks one preview, not two. */
function useSettled(value: string): string {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}
