import {
  type TIER_BASES,
  type TIER_DOWNGRADES,
  type TierPolicy,
  type TierPolicyBody,
  tierPolicySchema,
} from '@loyalty/contracts';
import { z } from 'zod';
import type { MessageKey } from '@/lib/i18n/i18n';

/** The editor's values: numbers as typed (text), read into the contract's body by `policyOf`. */
export type TierPolicyFormValues = {
  basis: TierPolicyBody['basis'];
  months: string;
  downgrade: TierPolicyBody['downgrade'];
  graceDays: string;
};

export const formValuesOf = (policy: TierPolicy): TierPolicyFormValues => ({
  basis: policy.basis,
  months: policy.months === null ? '12' : String(policy.months),
  downgrade: policy.downgrade,
  graceDays: String(policy.graceDays),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The body the form stands for (not yet checked): months only for a rolling window. */
export const policyOf = (values: TierPolicyFormValues) => ({
  basis: values.basis,
  months: values.basis === 'ROLLING_MONTHS' ? numberOf(values.months) : null,
  downgrade: values.downgrade,
  graceDays: numberOf(values.graceDays),
});

/** The contract's schema over the form's values, so the form shows the API's own messages at each field. */
export const tierPolicyFormSchema = z.preprocess(
  (values) => policyOf(values as TierPolicyFormValues),
  tierPolicySchema,
) as unknown as z.ZodType<TierPolicyBody, TierPolicyFormValues>;

export const BASIS_LABELS = {
  LIFETIME: 'tierPolicy.basis.LIFETIME',
  ROLLING_MONTHS: 'tierPolicy.basis.ROLLING_MONTHS',
  CALENDAR_YEAR: 'tierPolicy.basis.CALENDAR_YEAR',
} as const satisfies Record<(typeof TIER_BASES)[number], MessageKey>;

export const DOWNGRADE_LABELS = {
  NONE: 'tierPolicy.downgrade.NONE',
  ONE_STEP: 'tierPolicy.downgrade.ONE_STEP',
  TO_QUALIFYING: 'tierPolicy.downgrade.TO_QUALIFYING',
} as const satisfies Record<(typeof TIER_DOWNGRADES)[number], MessageKey>;
