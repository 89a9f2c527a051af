import {
  type ExpiryType,
  type PointsConversion,
  type PointsConversionInput,
  pointsConversionBodySchema,
} from '@loyalty/contracts';
import { z } from 'zod';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';

/** The form keeps what the inputs hold (text); numbers are made when the body is built. */
const pointsFormFields = z.object({
  earnRateAmount: z.string(),
  earnRatePoints: z.string(),
  redeemRatePoints: z.string(),
  redeemRateAmount: z.string(),
  minimumRedemption: z.string(),
  maximumRedemption: z.string(),
  expiryType: z.enum(['NEVER', 'DAYS', 'DATE']),
  pointsExpiryDays: z.string(),
  pointsExpiryDate: z.string(),
  isActive: z.boolean(),
  description: z.string(),
  refundWindowDays: z.string(),
  maxPointsPerPurchase: z.string(),
  maxPurchasesPerMemberPerDay: z.string(),
  staffMaxPurchaseAmount: z.string(),
  expiryWarningDays: z.string(),
});
export type PointsFormValues = z.infer<typeof pointsFormFields>;

/** docs/spec/data-screens.md §3 defaults when nothing is saved: numbers empty, NEVER, active, no description. */
const POINTS_FORM_DEFAULTS: PointsFormValues = {
  earnRateAmount: '',
  earnRatePoints: '',
  redeemRatePoints: '',
  redeemRateAmount: '',
  minimumRedemption: '',
  maximumRedemption: '',
  expiryType: 'NEVER',
  pointsExpiryDays: '',
  pointsExpiryDate: '',
  isActive: true,
  description: '',
  // Refunds within 90 days unless the business says otherwise; no limits (empty: none).
  refundWindowDays: '90',
  maxPointsPerPurchase: '',
  maxPurchasesPerMemberPerDay: '',
  staffMaxPurchaseAmount: '',
  expiryWarningDays: '',
};

const text = (value: number | null) => (value === null ? '' : String(value));
const money = (value: number) => value.toFixed(2);

/** The saved settings as the inputs show them; the date as datetime-local wall-clock time (stored as UTC). */
export function toFormValues(settings: PointsConversion | null): PointsFormValues {
  if (!settings) return POINTS_FORM_DEFAULTS;
  return {
    earnRateAmount: money(settings.earnRateAmount),
    earnRatePoints: text(settings.earnRatePoints),
    redeemRatePoints: text(settings.redeemRatePoints),
    redeemRateAmount: money(settings.redeemRateAmount),
    minimumRedemption: text(settings.minimumRedemption),
    maximumRedemption: text(settings.maximumRedemption),
    expiryType: settings.expiryType,
    pointsExpiryDays: text(settings.pointsExpiryDays),
    pointsExpiryDate: settings.pointsExpiryDate ? settings.pointsExpiryDate.slice(0, 16) : '',
    isActive: settings.isActive,
    description: settings.description,
    refundWindowDays: text(settings.refundWindowDays ?? null),
    maxPointsPerPurchase: text(settings.maxPointsPerPurchase ?? null),
    maxPurchasesPerMemberPerDay: text(settings.maxPurchasesPerMemberPerDay ?? null),
    staffMaxPurchaseAmount:
      settings.staffMaxPurchaseAmount === null || settings.staffMaxPurchaseAmount === undefined
        ? ''
        : money(settings.staffMaxPurchaseAmount),
    expiryWarningDays: text(settings.expiryWarningDays ?? null),
  };
}

/** docs/spec/data-screens.md §5: a value without a colon gets :00; a 16-character value (YYYY-MM-DDTHH:mm) gets :00 appended. */
export function withSeconds(value: string): string {
  if (!value.includes(':')) return `${value}:00`;
  if (value.length === 16) return `${value}:00`;
  return value;
}

/** Empty inputs are null (docs/spec/data-screens.md §5); anything else is read as a number and judged by the contract. */
const numberOrNull = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : Number(trimmed);
};

/** Which fields each expiry type clears (docs/spec/data-screens.md §4): NEVER both, DAYS the date, DATE the days. */
export function clearedBy(type: ExpiryType): ('pointsExpiryDays' | 'pointsExpiryDate')[] {
  if (type === 'NEVER') return ['pointsExpiryDays', 'pointsExpiryDate'];
  return type === 'DAYS' ? ['pointsExpiryDate'] : ['pointsExpiryDays'];
}

/** The form's schema: the inputs as text, turned into the body and judged by the contract (docs/spec/data-screens.md §5 messages). */
export const pointsFormSchema = pointsFormFields.transform(toBody).pipe(pointsConversionBodySchema);

export function toBody(values: PointsFormValues): PointsConversionInput {
  const date = values.pointsExpiryDate.trim();
  return {
    earnRateAmount: numberOrNull(values.earnRateAmount) as number,
    earnRatePoints: numberOrNull(values.earnRatePoints) as number,
    redeemRatePoints: numberOrNull(values.redeemRatePoints) as number,
    redeemRateAmount: numberOrNull(values.redeemRateAmount) as number,
    minimumRedemption: numberOrNull(values.minimumRedemption),
    maximumRedemption: numberOrNull(values.maximumRedemption),
    expiryType: values.expiryType,
    pointsExpiryDays: values.expiryType === 'DAYS' ? numberOrNull(values.pointsExpiryDays) : null,
    pointsExpiryDate: values.expiryType === 'DATE' && date ? withSeconds(date) : null,
    isActive: values.isActive,
    description: values.description,
    refundWindowDays: numberOrNull(values.refundWindowDays),
    maxPointsPerPurchase: numberOrNull(values.maxPointsPerPurchase),
    maxPurchasesPerMemberPerDay: numberOrNull(values.maxPurchasesPerMemberPerDay),
    staffMaxPurchaseAmount: numberOrNull(values.staffMaxPurchaseAmount),
    expiryWarningDays: numberOrNull(values.expiryWarningDays),
  };
}

const positive = (value: string) => {
  const n = Number(value);
  return value.trim() !== '' && Number.isFinite(n) && n > 0 ? n : null;
};
const formatPoints = (n: number) => t('pointSettings.points', { count: n, shown: formatNumber(n) });

/** "Spend $10.00 → earn 100 points": what the earn rule means, as typed. */
export function earnSummary(amount: string, points: string): string {
  const a = positive(amount);
  const p = positive(points);
  if (a === null || p === null) return t('pointSettings.earnEmpty');
  return t('pointSettings.earnSummary', { amount: formatMoney(a), points: formatPoints(p) });
}

/** "100 points → $1.00 off": what the redeem rule means, as typed. */
export function redeemSummary(points: string, amount: string): string {
  const a = positive(amount);
  const p = positive(points);
  if (a === null || p === null) return t('pointSettings.redeemEmpty');
  return t('pointSettings.redeemSummary', { points: formatPoints(p), amount: formatMoney(a) });
}
