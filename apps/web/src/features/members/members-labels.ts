import type { LedgerType, MemberRow } from '@loyalty/contracts';
import { type MessageKey, t } from '@/lib/i18n/i18n';

/** The screen's words as keys, translated where they are shown (the language can change on an open screen). */
export const MEMBERS_TEXT = {
  title: 'members.title',
  subtitle: 'members.subtitle',
  search: 'members.search',
  add: 'members.add',
  empty: 'members.empty',
  failed: 'members.loadFailed',
  automatic: 'members.automatic',
  deleteTitle: 'members.deleteTitle',
  deleteText: 'members.deleteText',
} as const satisfies Record<string, MessageKey>;

// Points, money and dates in the active language (issue 18).
export { formatDate, formatDateTime, formatMoney, formatNumber as formatPoints } from '@/lib/i18n/format';

export const fullName = (m: Pick<MemberRow, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

/** Initials for the avatar: first letters of first and last name. */
export function initials(m: Pick<MemberRow, 'firstName' | 'lastName'>): string {
  return `${m.firstName.trim().charAt(0)}${m.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Spec: the level badge is secondary when Basic (and when there is no tier). */
export const levelVariant = (name: string | null) =>
  !name || name.trim().toLowerCase() === 'basic' ? ('secondary' as const) : ('default' as const);

const STATUS_LABELS: Record<string, MessageKey> = {
  active: 'members.statusActive',
  inactive: 'members.statusInactive',
};

/** A member's status in the active language; one the portal does not know is shown capitalised as sent. */
export const statusLabel = (status: string) =>
  STATUS_LABELS[status] ? t(STATUS_LABELS[status]) : status.charAt(0).toUpperCase() + status.slice(1);

/** The ledger's entry types, as keys translated where shown. */
export const LEDGER_LABELS: Record<LedgerType, MessageKey> = {
  PURCHASE: 'members.ledgerPurchase',
  REDEEM: 'members.ledgerRedeem',
  ADJUST: 'members.ledgerAdjust',
  EXPIRE: 'members.ledgerExpire',
  REVERSAL: 'members.ledgerReversal',
  BONUS: 'members.ledgerBonus',
  IMPORT: 'members.ledgerImport',
};

export { failureMessage } from '@/lib/api-error';
