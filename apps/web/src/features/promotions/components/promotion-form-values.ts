import {
  type Promotion,
  type PromotionInput,
  type PromotionKind,
  promotionBodySchema,
  WEEKDAYS,
  type Weekday,
} from '@loyalty/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';

/** What the dialog edits: inputs hold text; numbers and dates are read when the form is sent. */
export type PromotionFormValues = {
  name: string;
  nameZh: string;
  nameCn: string;
  kind: PromotionKind;
  factor: string;
  bonusPoints: string;
  minAmount: string;
  /** Every day ticked: no day condition. */
  days: Weekday[];
  fromTime: string;
  toTime: string;
  /** yyyy-mm-dd in the browser's time zone: from the start of that day, to the end of that day. */
  validFrom: string;
  validTo: string;
  tierIds: string[];
  perMemberLimit: string;
  active: boolean;
  /** The branches whose purchases it rewards; none ticked: every purchase, with a branch or without. */
  branchIds: string[];
};

export const EMPTY_PROMOTION: PromotionFormValues = {
  name: '',
  nameZh: '',
  nameCn: '',
  kind: 'MULTIPLIER',
  factor: '2',
  bonusPoints: '',
  minAmount: '',
  days: [...WEEKDAYS],
  fromTime: '',
  toTime: '',
  validFrom: '',
  validTo: '',
  tierIds: [],
  perMemberLimit: '',
  active: true,
  branchIds: [],
};

const text = (value: string | number | null) => (value === null ? '' : String(value));
const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function toFormValues(p: Promotion): PromotionFormValues {
  return {
    name: p.name,
    nameZh: text(p.nameZh),
    nameCn: text(p.nameCn),
    kind: p.kind,
    factor: text(p.factor),
    bonusPoints: text(p.bonusPoints),
    minAmount: text(p.minAmount),
    days: p.days ?? [...WEEKDAYS],
    fromTime: text(p.fromTime),
    toTime: text(p.toTime),
    validFrom: p.validFrom ? localDay(new Date(p.validFrom)) : '',
    // Stored as the first instant after the last day.
    validTo: p.validTo ? localDay(new Date(Date.parse(p.validTo) - 1)) : '',
    tierIds: p.tierIds,
    perMemberLimit: text(p.perMemberLimit),
    active: p.active,
    branchIds: p.branchIds,
  };
}

const startOf = (day: string) => new Date(`${day}T00:00:00`);
const number = (value: string) => (value.trim() === '' ? null : Number(value));

/** The body the form sends: numbers as numbers, empty values as null, days as instants, every day as none. */
export function toPayload(values: PromotionFormValues): PromotionInput {
  const end = values.validTo ? startOf(values.validTo) : null;
  end?.setDate(end.getDate() + 1);
  return {
    name: values.name,
    nameZh: values.nameZh || null,
    nameCn: values.nameCn || null,
    kind: values.kind,
    factor: values.kind === 'MULTIPLIER' ? (number(values.factor) ?? Number.NaN) : null,
    bonusPoints: values.kind === 'BONUS' ? (number(values.bonusPoints) ?? Number.NaN) : null,
    minAmount: number(values.minAmount),
    days: values.days.length === WEEKDAYS.length ? null : values.days,
    fromTime: values.fromTime || null,
    toTime: values.toTime || null,
    validFrom: values.validFrom ? startOf(values.validFrom).toISOString() : null,
    validTo: end ? end.toISOString() : null,
    tierIds: values.tierIds,
    branchIds: values.branchIds,
    perMemberLimit: number(values.perMemberLimit),
    active: values.active,
  };
}

/** The payload when the contract takes it, else null (the simulation waits for a valid draft). */
export function validPayload(values: PromotionFormValues): PromotionInput | null {
  const payload = toPayload(values);
  return promotionBodySchema.safeParse(payload).success ? payload : null;
}

/** Checks the payload with the contract's schema; each issue lands on its field. */
export const promotionResolver: Resolver<PromotionFormValues> = async (values) => {
  const result = promotionBodySchema.safeParse(toPayload(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'name');
    errors[field] ??= { type: issue.code, message: issue.message };
  }
  return { values: {}, errors: errors as FieldErrors<PromotionFormValues> };
};
