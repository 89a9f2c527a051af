import { REVERSAL_MESSAGES } from '@loyalty/contracts';
import type { Database, Queries } from '../../db/client';
import { uniqueField } from '../../db/unique-field';
import type { ChangeFeed } from '../../lib/changes';
import { conflict } from '../../lib/errors';
import { applyBonus } from './bonus';
import type { Applied, LedgerCommand } from './commands';
import { applyEntry, duplicateOrder } from './entry';
import { applyExpiry } from './expiry';
import { applyImport } from './import';
import { applyRefund } from './refund';
import { applyReversal } from './reversal';
import { applyRewardRedemption } from './reward';
import { keyUsedForAnotherMember } from './steps';

/**
 * The one writer of points: commands in, events out. Every change of a member's points, lifetime spend or tier
 * by a points write goes through `apply`, which writes the entry, the lots and the member's figures and tells
 * the app's change feed (app.ts lists who hears it: the audit trail, the wallets, the webhooks) in the same
 * transaction, then answers the result and the events it told.
 */
export type Ledger = ReturnType<typeof createLedger>;

export function createLedger(feed: ChangeFeed) {
  /** Applies `command` in `tx`, a transaction the caller holds (an enrolment, an import's batch). */
  async function apply<C extends LedgerCommand>(tx: Queries, command: C): Promise<Applied<C>> {
    const c: LedgerCommand = command;
    switch (c.type) {
      case 'purchase':
      case 'redemption':
      case 'adjustment':
        return (await applyEntry(tx, feed, c)) as Applied<C>;
      case 'reversal':
        return (await applyReversal(tx, feed, c)) as Applied<C>;
      case 'refund':
        return (await applyRefund(tx, feed, c)) as Applied<C>;
      case 'reward':
        return (await applyRewardRedemption(tx, feed, c)) as Applied<C>;
      case 'bonus':
        return (await applyBonus(tx, feed, c)) as Applied<C>;
      case 'import':
        return (await applyImport(tx, feed, c)) as Applied<C>;
      case 'expiry':
        return (await applyExpiry(tx, feed, c)) as Applied<C>;
    }
  }

  return {
    apply,
    /**
     * Applies `command` in a transaction of its own. A race the unique indexes decide is answered as the
     * request's error: a second reversal of one entry (ALREADY_REVERSED), an order id or an Idempotency-Key
     * a concurrent write for another member took first.
     */
    async run<C extends LedgerCommand>(db: Database, command: C): Promise<Applied<C>> {
      try {
        return await db.transaction((tx) => apply(tx, command));
      } catch (error) {
        const field = uniqueField(error);
        if (field === 'reverses') throw conflict(REVERSAL_MESSAGES.alreadyReversed, 'ALREADY_REVERSED');
        // Two purchases naming one order at once, for two members: the second is another purchase.
        if (field === 'order') throw duplicateOrder();
        if ('idempotencyKey' in command && command.idempotencyKey && field === 'idempotency') {
          throw keyUsedForAnotherMember();
        }
        throw error;
      }
    },
  };
}

/** What a write that changes members and points holds: the app's change feed and its ledger (both built in app.ts). */
export type Writers = { changes: ChangeFeed; ledger: Ledger };
