import { apiErrorSchema, personName } from '@loyalty/contracts';
import { ApiError, failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/i18n/format';
import { t } from '@/lib/i18n/i18n';

/**
 * What the counter says when a reward code is refused. A used code (409 CLAIM_USED) says when and by whom it was
 * redeemed, from the server's answer, so staff know the reward was already handed over (docs/design.md §9 Rewards);
 * anything else is the server's message in the reader's language.
 */
export function claimFailure(failure: unknown): string {
  if (failure instanceof ApiError && failure.code === 'CLAIM_USED') {
    const used = apiErrorSchema.safeParse(failure.body).data?.used;
    if (used) {
      const when = formatDateTime(used.at);
      return used.by && personName(used.by).trim()
        ? t('rewards.claimUsedBy', { when, name: personName(used.by) })
        : t('rewards.claimUsedAt', { when });
    }
  }
  return failureMessage(failure);
}
