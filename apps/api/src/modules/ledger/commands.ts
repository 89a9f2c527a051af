import type { ReasonCode, TransactionBody, TransactionResult } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import type { ChangeEvent, EntryRecorded, RecordedBy } from '../../lib/changes';

/** Who asks for a write a person makes at the counter, in the dashboard or through an API key. */
type ByRequest = {
  tenantId: string;
  memberId: string;
  /** The account to record on the entry: null for an API key (the key is the actor). */
  accountId: string | null;
  /** The request's actor, for the audit trail. */
  recordedBy: RecordedBy | null;
  /** Records once: a retry with the same key and body answers the first entry. */
  idempotencyKey?: string | undefined;
  /** A staff account (not an owner, admin or API key): the business's largest amount for staff binds it. */
  byStaff?: boolean;
  /** The branch it is recorded at, resolved before (modules/branches' resolveEntryBranch); null: none. */
  branchId?: string | null;
};

export type PurchaseCommand = ByRequest & {
  type: 'purchase';
  amount: number;
  /** The business's order (unique per business: the same order with the same body replays, another is 409). */
  orderId?: string | undefined;
  note?: string | undefined;
};
export type RedemptionCommand = ByRequest & { type: 'redemption'; points: number };
export type AdjustmentCommand = ByRequest & { type: 'adjustment'; points: number; reason: string };
/**
 * Undoes a PURCHASE or REDEEM of the last minutes (a mistake at the counter); `rewardCancel`: the REDEEM of a
 * reward redemption an admin cancels, at any time (the 10-minute window does not apply to rewards).
 */
export type ReversalCommand = ByRequest & {
  type: 'reversal';
  entryId: string;
  rewardCancel?: boolean;
  /**
   * An automation's bonus taken back with the purchase it named (a referral's, docs/design.md §10): a BONUS entry
   * may then be reversed, at any time, while its points are unspent.
   */
  automationUndo?: boolean;
};

/**
 * A reward's points spent with one REDEEM entry naming it. `admit` checks the reward's rules with the member's
 * row locked (it throws the refusal); `reserve` takes one of its stock once the points are known to suffice.
 */
export type RewardCommand = ByRequest & {
  type: 'reward';
  rewardId: string;
  rewardName: string;
  /** Its Chinese names, so the answer's entry names the reward in every language (docs/design.md §10). */
  rewardNameZh?: string | null;
  rewardNameCn?: string | null;
  points: number;
  admit: (tx: Queries, member: { tierId: string | null; now: Date }) => Promise<void>;
  reserve: (tx: Queries) => Promise<void>;
};

/**
 * Gives part or all of a purchase back (a customer's return): by the entry, or by the business's order id
 * (`memberId` then unknown to the caller: the order names it).
 */
export type RefundCommand = Omit<ByRequest, 'memberId'> & {
  type: 'refund';
  amount: number;
} & ({ memberId: string; entryId: string } | { orderId: string });

/** The welcome points of a member just made (the join page), as one BONUS entry and its lot. */
export type BonusCommand = {
  type: 'bonus';
  tenantId: string;
  member: { id: string; pointsBalance: number; tierId: string | null };
  points: number;
  reasonCode: ReasonCode;
};

/** Bonus points of an automation for many members at once (docs/design.md §10): a BONUS entry each. */
export type BonusesCommand = {
  type: 'bonuses';
  tenantId: string;
  now: Date;
  reasonCode: ReasonCode;
  entries: { memberId: string; points: number }[];
};

/**
 * Opening balances of a CSV import's batch: one IMPORT entry per member, keyed so the same file never applies
 * twice. `alongside` reads, after the entries are written, the other events of the same change (the members
 * the batch made or changed), told to the listeners before the entries'.
 */
export type ImportCommand = {
  type: 'import';
  tenantId: string;
  accountId: string | null;
  now: Date;
  entries: { memberId: string; points: number; key: string }[];
  alongside?: (tx: Queries) => Promise<ChangeEvent[]>;
};

/** Lots of the member lapsed by `now`, written off with no other write (the scheduled sweep). */
export type ExpiryCommand = { type: 'expiry'; tenantId: string; memberId: string; now: Date };

export type LedgerCommand =
  | ExpiryCommand
  | PurchaseCommand
  | RedemptionCommand
  | AdjustmentCommand
  | ReversalCommand
  | RefundCommand
  | RewardCommand
  | BonusCommand
  | BonusesCommand
  | ImportCommand;

/** What each command answers. */
export type LedgerResults = {
  purchase: TransactionResult;
  redemption: TransactionResult;
  adjustment: TransactionResult;
  reversal: TransactionResult;
  refund: TransactionResult;
  reward: TransactionResult;
  bonus: { entryId: string };
  /** The entry written for each member (by member id); a member erased meanwhile has none. */
  bonuses: { entryIds: Map<string, string> };
  expiry: { expired: number };
  /** The members whose entry was not written: the points to take were spent already. */
  import: { spentAlready: string[] };
};

/** A command's answer and the events it told (none for a replayed Idempotency-Key). */
export type Applied<C extends LedgerCommand> = { result: LedgerResults[C['type']]; events: EntryRecorded[] };

/** The request body of a purchase, redemption or adjustment, as its Idempotency-Key hash is taken of it. */
export function bodyOf(command: PurchaseCommand | RedemptionCommand | AdjustmentCommand): TransactionBody {
  switch (command.type) {
    case 'purchase':
      return {
        type: 'PURCHASE',
        amount: command.amount,
        ...(command.orderId !== undefined ? { orderId: command.orderId } : {}),
        ...(command.note !== undefined ? { note: command.note } : {}),
        ...branchOf(command),
      };
    case 'redemption':
      return { type: 'REDEEM', points: command.points, ...branchOf(command) };
    case 'adjustment':
      return { type: 'ADJUST', points: command.points, reason: command.reason, ...branchOf(command) };
  }
}

/** The branch in the hash only when one is recorded: a key used before branches existed hashes as it did. */
const branchOf = (command: ByRequest) => (command.branchId ? { branchId: command.branchId } : {});

/** The command of a validated transaction body. */
export function transactionCommand(
  body: TransactionBody,
  by: ByRequest,
): PurchaseCommand | RedemptionCommand | AdjustmentCommand {
  switch (body.type) {
    case 'PURCHASE':
      return { ...by, type: 'purchase', amount: body.amount, orderId: body.orderId, note: body.note };
    case 'REDEEM':
      return { ...by, type: 'redemption', points: body.points };
    case 'ADJUST':
      return { ...by, type: 'adjustment', points: body.points, reason: body.reason };
  }
}
