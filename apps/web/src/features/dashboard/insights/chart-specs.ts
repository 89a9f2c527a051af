import type { TimeseriesBucket } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

/** A figure of a bucket that a chart draws. */
export type Figure = Exclude<keyof TimeseriesBucket, 'start' | 'end'>;

export type ChartLine = { figure: Figure; label: MessageKey; color: string; money?: boolean; bars?: boolean };
export type ChartSpec = { id: string; title: MessageKey; lines: ChartLine[] };

/** A chart's drawing height in CSS pixels; its placeholder keeps the same, so nothing jumps when it draws. */
export const CHART_HEIGHT = 200;

// Colours that keep 3:1 against the card's white (WCAG 1.4.11), told apart by more than hue: the table beside
// each chart holds the same numbers.
const BLUE = '#2563eb';
const GREEN = '#15803d';
const AMBER = '#b45309';
const RED = '#dc2626';
const VIOLET = '#7c3aed';

/** The dashboard's charts over time (docs/design.md §10), each figure a line or bars. */
export const CHARTS: ChartSpec[] = [
  {
    id: 'members',
    title: 'insights.members',
    lines: [
      { figure: 'newMembers', label: 'insights.newMembers', color: BLUE },
      { figure: 'activeMembers', label: 'insights.activeMembers', color: GREEN },
      { figure: 'returningMembers', label: 'insights.returningMembers', color: VIOLET },
    ],
  },
  {
    id: 'purchases',
    title: 'insights.purchases',
    lines: [
      { figure: 'purchases', label: 'insights.purchaseCount', color: BLUE, bars: true },
      { figure: 'amount', label: 'insights.amount', color: AMBER, money: true },
    ],
  },
  {
    id: 'points',
    title: 'insights.points',
    lines: [
      { figure: 'pointsIssued', label: 'insights.pointsIssued', color: GREEN },
      { figure: 'pointsRedeemed', label: 'insights.pointsRedeemed', color: BLUE },
      { figure: 'pointsExpired', label: 'insights.pointsExpired', color: AMBER },
      { figure: 'pointsTakenBack', label: 'insights.pointsTakenBack', color: RED },
    ],
  },
  {
    id: 'rewards',
    title: 'insights.rewards',
    lines: [{ figure: 'rewardsRedeemed', label: 'insights.rewardsRedeemed', color: VIOLET, bars: true }],
  },
  {
    id: 'stamps',
    title: 'insights.stamps',
    lines: [
      { figure: 'stampsAdded', label: 'insights.stampsAdded', color: AMBER, bars: true },
      { figure: 'cardsCompleted', label: 'insights.cardsCompleted', color: GREEN },
    ],
  },
];
