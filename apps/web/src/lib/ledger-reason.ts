import { REASON_CODES, type ReasonCode } from '@loyalty/contracts';
import { type MessageKey, t } from './i18n/i18n';
import { localizedName } from './i18n/localized-name';

/**
 * What an entry's `reasonCode` reads in the active language (docs/design.md §10: text the system writes into a
 * row is a code rendered in the reader's language; `reason` keeps only what a person typed). Shared here because
 * the member's ledger and the activity log both show it, and features do not import each other.
 */
const REASON_TEXT: Record<ReasonCode, MessageKey> = {
  WELCOME_POINTS: 'members.reasonWelcome',
  POINTS_EXPIRED: 'members.reasonExpired',
  PURCHASE_REVERSED: 'members.reasonReversalPurchase',
  REDEMPTION_REVERSED: 'members.reasonReversalRedemption',
  IMPORT_OPENING_BALANCE: 'members.reasonImport',
  REWARD_REDEEMED: 'ledger.reasonRewardRedeemed',
  REWARD_CANCELLED: 'ledger.reasonRewardCancelled',
  AUTOMATION_BIRTHDAY: 'members.reasonAutomationBirthday',
  AUTOMATION_WIN_BACK: 'members.reasonAutomationWinBack',
  AUTOMATION_NEAR_REWARD: 'members.reasonAutomationNearReward',
  REFERRAL: 'members.reasonReferral',
  REFERRAL_REVERSED: 'members.reasonReferralReversed',
};

type Reward = { name: string; nameZh: string | null; nameCn: string | null } | null | undefined;

const isReasonCode = (code: unknown): code is ReasonCode =>
  typeof code === 'string' && (REASON_CODES as readonly string[]).includes(code);

/**
 * The reasons the system wrote in English before they were codes, by the entry type it wrote each for: migration
 * 0054 turned the ledger's into codes, but the activity log keeps what it recorded then, so they are read as the
 * codes they were (a reward redeemed then was named as typed, in "Reward: {name}").
 */
const LEGACY_REASONS: Record<string, { type: string; code: ReasonCode }> = {
  'Welcome points': { type: 'BONUS', code: 'WELCOME_POINTS' },
  'Points expired': { type: 'EXPIRE', code: 'POINTS_EXPIRED' },
  'Reversal of a purchase': { type: 'REVERSAL', code: 'PURCHASE_REVERSED' },
  'Reversal of a redemption': { type: 'REVERSAL', code: 'REDEMPTION_REVERSED' },
  'Reward cancelled': { type: 'REVERSAL', code: 'REWARD_CANCELLED' },
  'Opening balance (import)': { type: 'IMPORT', code: 'IMPORT_OPENING_BALANCE' },
};
const LEGACY_REWARD = /^Reward: (.+)$/s;

type Entry = { type?: unknown; reason?: unknown; reasonCode?: unknown; reward?: Reward };

/** An entry recorded before reasons were codes, with its English reason read as the code it stands for. */
function withLegacyReason(entry: Entry): Entry {
  if (entry.reasonCode || typeof entry.reason !== 'string') return entry;
  const legacy = Object.hasOwn(LEGACY_REASONS, entry.reason) ? LEGACY_REASONS[entry.reason] : undefined;
  if (legacy && legacy.type === entry.type) return { ...entry, reasonCode: legacy.code, reason: null };
  const reward = entry.type === 'REDEEM' ? LEGACY_REWARD.exec(entry.reason)?.[1] : undefined;
  if (reward && !entry.reward) {
    return {
      ...entry,
      reasonCode: 'REWARD_REDEEMED',
      reason: null,
      reward: { name: reward, nameZh: null, nameCn: null },
    };
  }
  return entry;
}

/**
 * An entry's reason: its code in words (a reward by its name in the reader's language), else what staff typed.
 * `type` lets an entry recorded before reasons were codes read in the reader's language too.
 */
export function entryReason(recorded: Entry): string {
  const entry = withLegacyReason(recorded);
  if (isReasonCode(entry.reasonCode)) {
    const reward = entry.reward ? localizedName(entry.reward.name, entry.reward.nameZh, entry.reward.nameCn) : '';
    if (entry.reasonCode === 'REWARD_REDEEMED' || entry.reasonCode === 'REWARD_CANCELLED') {
      return reward
        ? t(entry.reasonCode === 'REWARD_REDEEMED' ? 'ledger.reasonRewardRedeemed' : 'ledger.reasonRewardCancelled', {
            reward,
          })
        : t(
            entry.reasonCode === 'REWARD_REDEEMED'
              ? 'ledger.reasonRewardRedeemedUnnamed'
              : 'ledger.reasonRewardCancelledUnnamed',
          );
    }
    return t(REASON_TEXT[entry.reasonCode]);
  }
  return typeof entry.reason === 'string' ? entry.reason : '';
}
