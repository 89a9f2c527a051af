import type { LedgerType, MemberRow } from '@loyalty/contracts';

export const MEMBERS_TEXT = {
  title: 'Members',
  subtitle: 'Manage member accounts and memberships',
  search: 'Search members...',
  add: 'Add Member',
  empty: 'No data available',
  failed: 'Failed to load members',
  automatic: 'Automatic (by spend)',
  deleteTitle: 'Delete member?',
  deleteText: 'This action cannot be undone. The member and their points history will be permanently removed.',
} as const;

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatMoney = (dollars: number) => money.format(dollars);
export const formatPoints = (points: number) => points.toLocaleString();
export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

export const fullName = (m: Pick<MemberRow, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

/** Initials for the avatar: first letters of first and last name. */
export function initials(m: Pick<MemberRow, 'firstName' | 'lastName'>): string {
  return `${m.firstName.trim().charAt(0)}${m.lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** Spec: the level badge is secondary when Basic (and when there is no tier). */
export const levelVariant = (name: string | null) =>
  !name || name.trim().toLowerCase() === 'basic' ? ('secondary' as const) : ('default' as const);

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

export const LEDGER_LABELS: Record<LedgerType, string> = {
  PURCHASE: 'Purchase',
  REDEEM: 'Redemption',
  ADJUST: 'Adjustment',
  EXPIRE: 'Expired',
  REVERSAL: 'Reversal',
};

export { failureMessage } from '@/lib/api-error';
