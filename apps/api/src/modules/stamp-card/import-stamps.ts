import { IMPORT_MESSAGES, type ImportError } from '@loyalty/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members } from '../../db/schema';
import type { ChangeFeed } from '../../lib/changes';
import { addStamps, type Card, sizeOf, takeStamps } from './card';
import { findByKey, lockCard } from './repository';
import { loadStampSettings } from './settings';
import { dbNow, record } from './writer';

/** One import row's stamps: what the member's current card should hold, and the row's key. */
export type StampImportRow = { row: number; memberId: string; stamps: number; key: string; isNew: boolean };

const EMPTY_CARD: Card = { stamps: 0, size: null, startedAt: null, cardsCompleted: 0 };

/**
 * The CSV import's `stamps` (docs/design.md §10): the stamps the member's current card should hold, as points are
 * the balance it should have. The difference from the card is one IMPORT entry keyed by the file and row (the
 * same file never applies twice; an export imported back changes nothing), below a full card (so an import
 * completes none). A row that asks no change needs no stamp card; one that does, without a stamp card or with a
 * full card's stamps or more, is an error at `stamps`. A dry run (`apply` false) checks and writes nothing.
 * Answers the errors and the members whose card it changed (or would).
 */
export async function importStamps(
  tx: Queries,
  feed: ChangeFeed,
  by: { tenantId: string; accountId: string | null; apply: boolean },
  rows: StampImportRow[],
): Promise<{ errors: ImportError[]; changed: string[] }> {
  const errors: ImportError[] = [];
  const changed: string[] = [];
  if (rows.length === 0) return { errors, changed };
  const { tenantId } = by;
  const existing = rows.filter((r) => !r.isNew).map((r) => r.memberId);
  const [settings, cards] = await Promise.all([
    loadStampSettings(tx, tenantId),
    existing.length
      ? tx
          .select({ id: members.id, stamps: members.stamps, size: members.stampCardSize })
          .from(members)
          .where(and(eq(members.tenantId, tenantId), inArray(members.id, existing)))
      : Promise.resolve([]),
  ]);
  const held = new Map(cards.map((c) => [c.id, c]));
  const now = by.apply ? await dbNow(tx) : new Date();
  for (const r of rows) {
    const seen = held.get(r.memberId);
    if (r.stamps === (seen?.stamps ?? 0)) continue;
    const fail = (message: string) => errors.push({ row: r.row, field: 'stamps', message });
    if (!settings) {
      fail(IMPORT_MESSAGES.noStampCard);
      continue;
    }
    const size = seen && seen.stamps > 0 && seen.size ? seen.size : settings.stampsPerCard;
    if (r.stamps >= size) {
      fail(IMPORT_MESSAGES.stampsFull);
      continue;
    }
    if (!by.apply) {
      changed.push(r.memberId);
      continue;
    }
    if (await findByKey(tx, tenantId, r.key)) continue;
    // The card read again under the member's lock: a counter's stamp since the batch began counts.
    const card = r.isNew ? EMPTY_CARD : await lockCard(tx, tenantId, r.memberId);
    const difference = r.stamps - card.stamps;
    if (difference === 0) continue;
    const cardSize = sizeOf(card, settings.stampsPerCard);
    const after =
      difference > 0
        ? addStamps(card, difference, settings.stampsPerCard, now).after
        : takeStamps(card, -difference).after;
    await record(
      tx,
      feed,
      { tenantId, memberId: r.memberId, accountId: by.accountId, recordedBy: null },
      {
        type: 'IMPORT',
        before: card,
        after,
        stamps: after.stamps - card.stamps,
        completed: 0,
        completedStamps: 0,
        cardSize,
        settings,
        idempotencyKey: r.key,
        now,
      },
    );
    changed.push(r.memberId);
  }
  return { errors, changed };
}
