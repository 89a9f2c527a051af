import { ApiError } from '@/lib/api-client';

export const MEMBERSHIPS_TEXT = {
  title: 'Memberships',
  subtitle: 'Manage membership tiers and benefits',
  add: 'Add Membership',
  empty: 'No memberships yet',
  loadError: 'Error Loading Memberships',
  createTitle: 'Create Membership',
  editTitle: 'Edit Membership',
  deleteTitle: 'Delete Membership',
  deleteText: 'Are you sure you want to delete this membership tier? This action cannot be undone.',
} as const;

const amount = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;

/** "$1,000 - $4,999.99", or "$5,000 - ∞" when there is no max (spec: $ symbol, infinity). */
export function spendRange(min: number | null, max: number | null): string {
  return `${amount(min ?? 0)} - ${max === null ? '∞' : amount(max)}`;
}

/** The fixed failure text of spec §8, followed by what the server said when it said something. */
export function failureText(error: unknown): string {
  const base = error instanceof Error ? error.message : 'Unknown error';
  const cause = error instanceof Error ? error.cause : undefined;
  const server = cause instanceof ApiError ? cause.serverMessage : undefined;
  return server ? `${base}: ${server}` : base;
}
