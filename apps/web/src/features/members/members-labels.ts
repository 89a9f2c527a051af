import type { LedgerEntry, LedgerType } from '@loyalty/contracts';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { entryReason } from '@/lib/ledger-reason';

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

// Points, money and dates in the active language (docs/design.md §8).
export { formatDate, formatDateTime, formatMoney, formatNumber as formatPoints } from '@/lib/i18n/format';

// A member's name, initials and level badge: shared with the counter (lib/member-labels.ts).
export { fullName, initials, levelVariant } from '@/lib/member-labels';

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
  REFUND: 'members.ledgerRefund',
};

/**
 * An entry's reason in the active language: the system's reason code in words (a reward by its name), staff's
 * as typed (docs/design.md §10; lib/ledger-reason.ts, shared with the activity log).
 */
export const ledgerReason = (entry: Pick<LedgerEntry, 'reason' | 'reasonCode' | 'reward'>): string =>
  entryReason(entry);

export { failureMessage } from '@/lib/api-error';
