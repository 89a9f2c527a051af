import { type Reward, type RewardInput, type RewardKind, rewardBodySchema } from '@loyalty/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the dialog edits: inputs hold text; numbers and dates are read when the form is sent. */
export type RewardFormValues = {
  name: string;
  nameZh: string;
  nameCn: string;
  description: string;
  kind: RewardKind;
  value: string;
  pointsCost: string;
  tierIds: string[];
  stock: string;
  perMemberLimit: string;
  /** yyyy-mm-dd in the browser's time zone: from the start of that day, to the end of that day. */
  validFrom: string;
  validTo: string;
  active: boolean;
  imageUrl: string;
};

export const EMPTY_REWARD: RewardFormValues = {
  name: '',
  nameZh: '',
  nameCn: '',
  description: '',
  kind: 'FREE_ITEM',
  value: '',
  pointsCost: '',
  tierIds: [],
  stock: '',
  perMemberLimit: '',
  validFrom: '',
  validTo: '',
  active: true,
  imageUrl: '',
};

const text = (value: string | number | null) => (value === null ? '' : String(value));
const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function toFormValues(reward: Reward): RewardFormValues {
  return {
    name: reward.name,
    nameZh: text(reward.nameZh),
    nameCn: text(reward.nameCn),
    description: text(reward.description),
    kind: reward.kind,
    value: text(reward.value),
    pointsCost: String(reward.pointsCost),
    tierIds: reward.tierIds,
    stock: text(reward.stock),
    perMemberLimit: text(reward.perMemberLimit),
    validFrom: reward.validFrom ? localDay(new Date(reward.validFrom)) : '',
    // Stored as the first instant after the last day.
    validTo: reward.validTo ? localDay(new Date(Date.parse(reward.validTo) - 1)) : '',
    active: reward.active,
    imageUrl: text(reward.imageUrl),
  };
}

const startOf = (day: string) => new Date(`${day}T00:00:00`);
const number = (value: string) => (value.trim() === '' ? null : Number(value));

/** The body the form sends: numbers as numbers, empty values as null, days as instants. */
export function toPayload(values: RewardFormValues): RewardInput {
  const end = values.validTo ? startOf(values.validTo) : null;
  end?.setDate(end.getDate() + 1);
  return {
    name: values.name,
    nameZh: values.nameZh || null,
    nameCn: values.nameCn || null,
    description: values.description || null,
    kind: values.kind,
    value: values.kind === 'FREE_ITEM' ? null : number(values.value),
    pointsCost: number(values.pointsCost) ?? Number.NaN,
    tierIds: values.tierIds,
    stock: number(values.stock),
    perMemberLimit: number(values.perMemberLimit),
    validFrom: values.validFrom ? startOf(values.validFrom).toISOString() : null,
    validTo: end ? end.toISOString() : null,
    active: values.active,
    imageUrl: values.imageUrl || null,
  };
}

/** Checks the payload with the contract's schema; each issue lands on its field. */
export const rewardResolver: Resolver<RewardFormValues> = async (values) => {
  const result = rewardBodySchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<RewardFormValues> };
};
