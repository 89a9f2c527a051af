import {
  MEMBERSHIP_DEFAULT_COLOR,
  type Membership,
  type MembershipBodyInput,
  membershipBodySchema,
} from '@loyalty/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the dialog edits: text inputs hold text; numbers are read when the form is sent. */
export type MembershipFormValues = {
  name: string;
  nameZh: string;
  nameCn: string;
  description: string;
  descriptionZh: string;
  descriptionCn: string;
  color: string;
  icon: string;
  minSpendAmount: string;
  maxSpendAmount: string;
  discountPercentage: string;
  benefits: string[];
  benefitsZh: string[];
  benefitsCn: string[];
  cardImageUrl: string;
  walletBannerUrl: string;
  isActive: boolean;
  sortOrder: string;
};

/** docs/spec/data-screens.md §4: closing or cancelling resets the form (active true, colour #000000). */
export const EMPTY_MEMBERSHIP: MembershipFormValues = {
  name: '',
  nameZh: '',
  nameCn: '',
  description: '',
  descriptionZh: '',
  descriptionCn: '',
  color: MEMBERSHIP_DEFAULT_COLOR,
  icon: '',
  minSpendAmount: '',
  maxSpendAmount: '',
  discountPercentage: '',
  benefits: [],
  benefitsZh: [],
  benefitsCn: [],
  cardImageUrl: '',
  walletBannerUrl: '',
  isActive: true,
  sortOrder: '0',
};

const text = (value: string | null) => value ?? '';
const numberText = (value: number | null) => (value === null ? '' : String(value));

export function toFormValues(tier: Membership): MembershipFormValues {
  return {
    name: tier.name,
    nameZh: text(tier.nameZh),
    nameCn: text(tier.nameCn),
    description: text(tier.description),
    descriptionZh: text(tier.descriptionZh),
    descriptionCn: text(tier.descriptionCn),
    color: tier.color,
    icon: text(tier.icon),
    minSpendAmount: numberText(tier.minSpendAmount),
    maxSpendAmount: numberText(tier.maxSpendAmount),
    discountPercentage: numberText(tier.discountPercentage),
    benefits: tier.benefits.map((b) => b.benefit),
    benefitsZh: tier.benefitsZh.map((b) => b.benefit),
    benefitsCn: tier.benefitsCn.map((b) => b.benefit),
    cardImageUrl: text(tier.cardImageUrl),
    walletBannerUrl: text(tier.walletBannerUrl),
    isActive: tier.isActive,
    sortOrder: String(tier.sortOrder),
  };
}

/** docs/spec/data-screens.md §3: name trimmed, numbers as numbers, empty optional values omitted. */
export function toPayload(values: MembershipFormValues): MembershipBodyInput {
  const payload: Record<string, unknown> = {
    name: values.name.trim(),
    benefits: values.benefits,
    benefitsZh: values.benefitsZh,
    benefitsCn: values.benefitsCn,
    isActive: values.isActive,
  };
  for (const key of [
    'nameZh',
    'nameCn',
    'description',
    'descriptionZh',
    'descriptionCn',
    'color',
    'icon',
    'cardImageUrl',
    'walletBannerUrl',
  ] as const) {
    const value = values[key].trim();
    if (value) payload[key] = value;
  }
  for (const key of ['minSpendAmount', 'maxSpendAmount', 'discountPercentage', 'sortOrder'] as const) {
    const value = values[key].trim();
    if (value) payload[key] = Number(value);
  }
  return payload as MembershipBodyInput;
}

/** Checks the payload the form would send with the contract schema; issues land on the matching fields. */
export const membershipResolver: Resolver<MembershipFormValues> = async (values) => {
  const result = membershipBodySchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<MembershipFormValues> };
};
