import type { PointsFormValues } from './point-settings-form';

/** A number row of the point settings: its value, label and input attributes. */
export type RateField = {
  name: keyof PointsFormValues & string;
  label: string;
  type: 'number';
  inputMode: 'decimal' | 'numeric';
  step: string;
  min: string;
  max?: string;
  placeholder: string;
};

const MONEY = { type: 'number', inputMode: 'decimal', step: '0.01', min: '0' } as const;
const WHOLE = { type: 'number', inputMode: 'numeric', step: '1', min: '1' } as const;

/** Every word of the point settings screen's cards, in one place. */
export const POINTS_TEXT = {
  earn: {
    title: 'Earn Rate',
    description: 'How many points a member earns for what they spend',
    amount: { name: 'earnRateAmount', label: 'Amount Spent ($)', placeholder: '10.00', ...MONEY },
    points: { name: 'earnRatePoints', label: 'Points Earned', placeholder: '100', ...WHOLE },
  },
  redeem: {
    title: 'Redeem Rate',
    description: 'What points are worth when a member redeems them',
    points: { name: 'redeemRatePoints', label: 'Points Required', placeholder: '100', ...WHOLE },
    amount: { name: 'redeemRateAmount', label: 'Redemption Value ($)', placeholder: '1.00', ...MONEY },
  },
  limits: {
    title: 'Redemption Limits',
    description: 'The fewest and most points one redemption may use (leave empty for no limit)',
    minimum: { name: 'minimumRedemption', label: 'Minimum Redemption (points)', placeholder: '100', ...WHOLE },
    maximum: { name: 'maximumRedemption', label: 'Maximum Redemption (points)', placeholder: '10000', ...WHOLE },
  },
  expiry: {
    title: 'Point Expiry',
    description: 'When earned points stop being spendable',
    type: 'Expiry Type',
    days: { name: 'pointsExpiryDays', label: 'Expiry Days', placeholder: '365', ...WHOLE, max: '3650' },
    date: 'Expiry Date',
    choices: [
      { value: 'NEVER', label: 'Never' },
      { value: 'DAYS', label: 'After Days' },
      { value: 'DATE', label: 'On Specific Date' },
    ],
  },
  additional: {
    title: 'Additional Settings',
    description: 'Turn the points system on or off and describe it for your team',
    active: 'Points system active',
    activeHint: 'When off, purchases earn no points.',
    descriptionLabel: 'Description',
    descriptionPlaceholder: 'Describe how members earn and redeem points',
  },
} as const satisfies Record<string, unknown>;
