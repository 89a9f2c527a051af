import type { MessageKey } from '@/lib/i18n/i18n';
import type { PointsFormValues } from './point-settings-form';

/** A number row of the point settings: its value, label (a catalogue key) and input attributes. */
export type RateField = {
  name: keyof PointsFormValues & string;
  label: MessageKey;
  type: 'number';
  inputMode: 'decimal' | 'numeric';
  step: string;
  min: string;
  max?: string;
  placeholder: string;
};

const MONEY = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0' } as const;
const WHOLE = { type: 'number', inputMode: 'numeric', step: '1', min: '1' } as const;

/** Every word of the point settings screen's cards, in one place, as catalogue keys (translated where shown). */
export const POINTS_TEXT = {
  earn: {
    title: 'pointSettings.earnTitle',
    description: 'pointSettings.earnDescription',
    amount: { name: 'earnRateAmount', label: 'pointSettings.amountSpent', placeholder: '10.00', ...MONEY },
    points: { name: 'earnRatePoints', label: 'pointSettings.pointsEarned', placeholder: '100', ...WHOLE },
  },
  redeem: {
    title: 'pointSettings.redeemTitle',
    description: 'pointSettings.redeemDescription',
    points: { name: 'redeemRatePoints', label: 'pointSettings.pointsRequired', placeholder: '100', ...WHOLE },
    amount: { name: 'redeemRateAmount', label: 'pointSettings.redemptionValue', placeholder: '1.00', ...MONEY },
  },
  limits: {
    title: 'pointSettings.limitsTitle',
    description: 'pointSettings.limitsDescription',
    minimum: { name: 'minimumRedemption', label: 'pointSettings.minimumRedemption', placeholder: '100', ...WHOLE },
    maximum: { name: 'maximumRedemption', label: 'pointSettings.maximumRedemption', placeholder: '10000', ...WHOLE },
  },
  purchases: {
    title: 'pointSettings.purchaseLimitsTitle',
    description: 'pointSettings.purchaseLimitsDescription',
    fields: [
      { name: 'refundWindowDays', label: 'pointSettings.refundWindowDays', placeholder: '90', ...WHOLE, max: '3650' },
      { name: 'maxPointsPerPurchase', label: 'pointSettings.maxPointsPerPurchase', placeholder: '1000', ...WHOLE },
      {
        name: 'maxPurchasesPerMemberPerDay',
        label: 'pointSettings.maxPurchasesPerMemberPerDay',
        placeholder: '5',
        ...WHOLE,
        max: '1000',
      },
      {
        name: 'staffMaxPurchaseAmount',
        label: 'pointSettings.staffMaxPurchaseAmount',
        placeholder: '500.00',
        ...MONEY,
      },
      { name: 'expiryWarningDays', label: 'pointSettings.expiryWarningDays', placeholder: '14', ...WHOLE, max: '365' },
    ] satisfies RateField[],
  },
  expiry: {
    title: 'pointSettings.expiryTitle',
    description: 'pointSettings.expiryDescription',
    type: 'pointSettings.expiryType',
    days: { name: 'pointsExpiryDays', label: 'pointSettings.expiryDays', placeholder: '365', ...WHOLE, max: '3650' },
    date: 'pointSettings.expiryDate',
    choices: [
      { value: 'NEVER', label: 'pointSettings.never' },
      { value: 'DAYS', label: 'pointSettings.afterDays' },
      { value: 'DATE', label: 'pointSettings.onDate' },
    ],
  },
  additional: {
    title: 'pointSettings.additionalTitle',
    description: 'pointSettings.additionalDescription',
    active: 'pointSettings.active',
    activeHint: 'pointSettings.activeHint',
    descriptionLabel: 'pointSettings.description',
    descriptionPlaceholder: 'pointSettings.descriptionPlaceholder',
  },
} as const satisfies Record<string, unknown>;
