import type { ReasonCode } from '@loyalty/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { bare, preparedStatements } from '../../db/prepared';
import { type LotTake, members, pointsLedger, pointsLots } from '../../db/schema';

/**
 * The writes of a ledger entry (entry.ts, bonus.ts), built once and run in every transaction (db/prepared.ts):
 * a purchase built these statements anew each time, and drizzle's building was the largest part of the
 * API's CPU under purchases.
 *
 * The columns that may be null, and an update's values, are bare placeholders, given the driver's value here
 * (a Date as its ISO text, JSON as its text).
 */
const p = sql.placeholder;

const insertEntryStatement = preparedStatements((db: Queries) =>
  db
    .insert(pointsLedger)
    .values({
      id: p('id'),
      tenantId: p('tenantId'),
      memberId: p('memberId'),
      accountId: bare('accountId'),
      type: p('type'),
      points: p('points'),
      amount: bare('amount'),
      reason: bare('reason'),
      reasonCode: bare('reasonCode'),
      idempotencyKey: bare('idempotencyKey'),
      idempotencyBodyHash: bare('idempotencyBodyHash'),
      orderId: bare('orderId'),
      note: bare('note'),
      refundsId: bare('refundsId'),
      branchId: bare('branchId'),
      lotTakes: sql`${sql.placeholder('lotTakes')}::jsonb`,
      createdAt: p('createdAt'),
    })
    .returning()
    .prepare('ledger_insert_entry'),
);

export type NewEntry = {
  id: string;
  tenantId: string;
  memberId: string;
  accountId: string | null;
  type: (typeof pointsLedger.$inferInsert)['type'];
  points: number;
  amount?: string | null;
  reason?: string | null;
  reasonCode?: ReasonCode | null;
  idempotencyKey: string | null;
  idempotencyBodyHash: string | null;
  /** PURCHASE: the business's order id and a note; REFUND: the purchase it refunds. */
  orderId?: string | null;
  note?: string | null;
  refundsId?: string | null;
  /** The branch it was recorded at (docs/design.md §10); null: none. */
  branchId?: string | null;
  /** Kept so a reversal can give the points back to the lots they came from. */
  lotTakes: LotTake[] | null;
  createdAt: Date;
};

/** Records one ledger entry; answers the stored row. */
export async function insertEntry(tx: Queries, entry: NewEntry) {
  const [stored] = await insertEntryStatement(tx).execute({
    ...entry,
    amount: entry.amount ?? null,
    reason: entry.reason ?? null,
    reasonCode: entry.reasonCode ?? null,
    orderId: entry.orderId ?? null,
    note: entry.note ?? null,
    refundsId: entry.refundsId ?? null,
    branchId: entry.branchId ?? null,
    lotTakes: entry.lotTakes ? JSON.stringify(entry.lotTakes) : null,
  });
  if (!stored) throw new Error('the ledger entry was not stored');
  return stored;
}

const memberFiguresStatement = preparedStatements((db: Queries) =>
  db
    .update(members)
    .set({
      pointsBalance: bare('balance'),
      lifetimeSpend: bare('lifetimeSpend'),
      tierId: bare('tierId'),
      updatedAt: sql`now()`,
    })
    .where(and(eq(members.tenantId, p('tenantId')), eq(members.id, p('memberId'))))
    .prepare('ledger_member_figures'),
);

/** The member's balance, lifetime spend (a decimal string) and tier after the entry. */
export function updateMemberFigures(
  tx: Queries,
  values: { tenantId: string; memberId: string; balance: number; lifetimeSpend: string; tierId: string | null },
) {
  return memberFiguresStatement(tx).execute(values);
}

const takeFromLotStatement = preparedStatements((db: Queries) =>
  db
    .update(pointsLots)
    .set({ remaining: sql`${pointsLots.remaining} - ${bare('points')}::int` })
    .where(and(eq(pointsLots.tenantId, p('tenantId')), eq(pointsLots.id, p('lotId'))))
    .prepare('ledger_take_from_lot'),
);

/** Spends `points` of one lot. */
export function takeFromLot(tx: Queries, values: { tenantId: string; lotId: string; points: number }) {
  return takeFromLotStatement(tx).execute(values);
}

const insertLotStatement = preparedStatements((db: Queries) =>
  db
    .insert(pointsLots)
    .values({
      id: p('id'),
      tenantId: p('tenantId'),
      memberId: p('memberId'),
      ledgerId: p('ledgerId'),
      points: p('points'),
      remaining: p('remaining'),
      expiresAt: bare('expiresAt'),
      createdAt: p('createdAt'),
    })
    .prepare('ledger_insert_lot'),
);

/**
 * A new lot of `points` from the entry `ledgerId`, all remaining unless `remaining` says less (points that paid
 * back a balance below zero); `expiresAt` null never expires.
 */
export function insertLot(
  tx: Queries,
  lot: {
    id: string;
    tenantId: string;
    memberId: string;
    ledgerId: string;
    points: number;
    remaining?: number;
    expiresAt: Date | null;
    createdAt: Date;
  },
) {
  return insertLotStatement(tx).execute({
    ...lot,
    remaining: lot.remaining ?? lot.points,
    expiresAt: lot.expiresAt?.toISOString() ?? null,
  });
}
