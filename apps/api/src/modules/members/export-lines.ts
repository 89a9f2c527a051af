import { EXPORT_HEADERS } from '@loyalty/contracts';
import type { ExportedMember } from './repository';

/** The export's columns: the import's field names first (so an export imports back as it is), then the rest. */
export const MEMBER_HEADER = [
  EXPORT_HEADERS.firstName,
  EXPORT_HEADERS.lastName,
  EXPORT_HEADERS.email,
  EXPORT_HEADERS.phone,
  EXPORT_HEADERS.membershipCode,
  EXPORT_HEADERS.tier,
  EXPORT_HEADERS.points,
  EXPORT_HEADERS.lifetimeSpend,
  'Status',
  'Joined',
  // The stamp card (docs/design.md §10): stamps on the current card (the import takes them back) and cards completed.
  EXPORT_HEADERS.stamps,
  'Cards completed',
  // Last, so the columns before it read as they always did; the import finds it by its name.
  EXPORT_HEADERS.birthday,
];
export const LEDGER_HEADER = [
  'Date',
  EXPORT_HEADERS.membershipCode,
  EXPORT_HEADERS.firstName,
  EXPORT_HEADERS.lastName,
  'Type',
  EXPORT_HEADERS.points,
  'Amount',
  'Reason',
  'Entry id',
  'Reverses entry',
];

type LedgerRow = {
  id: string;
  createdAt: Date;
  membershipCode: string;
  firstName: string;
  lastName: string;
  type: string;
  points: number;
  amount: string | null;
  reason: string | null;
  reasonCode?: string | null;
  reversesId: string | null;
};

export async function* ledgerLines(chunks: AsyncIterable<LedgerRow[]>) {
  for await (const chunk of chunks)
    yield chunk.map((e) => [
      e.createdAt.toISOString(),
      e.membershipCode,
      e.firstName,
      e.lastName,
      e.type,
      e.points,
      e.amount === null ? null : Number(e.amount),
      // What staff typed, else the system's reason as its code (docs/design.md §10): the same in every language.
      e.reason ?? e.reasonCode ?? null,
      e.id,
      e.reversesId,
    ]);
}

/** The export's rows of members, chunk by chunk, in MEMBER_HEADER's order. */
export async function* memberLines(chunks: AsyncIterable<ExportedMember[]>) {
  for await (const chunk of chunks)
    yield chunk.map((m) => [
      m.firstName,
      m.lastName,
      m.email,
      m.phone,
      m.membershipCode,
      m.membershipLevelName,
      m.pointsBalance,
      Number(m.lifetimeSpend),
      m.status,
      m.createdAt.toISOString(),
      m.stamps ?? 0,
      m.cardsCompleted ?? 0,
      // MM-DD: a cell starting with a dash would be guarded against formulas ('--04-23); the import takes both.
      m.birthday ? m.birthday.slice(2) : null,
    ]);
}
