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

/** An entry's reason: its code in words (a reward by its name in the reader's language), else what staff typed. */
export function entryReason(entry: { reason?: unknown; reasonCode?: unknown; reward?: Reward }): string {
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
