import type { ApiKeyScope, WebhookEventType } from '@loyalty/contracts';
import { type MessageKey, t } from '@/lib/i18n/i18n';

/**
 * An API key's scopes and a webhook's events in words. Shared (not in a feature) because the Developers screen
 * shows them beside the code a developer types, and the activity log shows them instead of the code.
 */

/** Each scope as a short name ("Read members"). */
export const SCOPE_LABELS: Record<ApiKeyScope, MessageKey> = {
  'members:read': 'integration.scope.membersRead',
  'members:write': 'integration.scope.membersWrite',
  'transactions:write': 'integration.scope.transactionsWrite',
};

/** What each scope opens, in words an admin reads before handing a key to a till or a shop. */
export const SCOPE_HINTS: Record<ApiKeyScope, MessageKey> = {
  'members:read': 'developers.scopeMembersRead',
  'members:write': 'developers.scopeMembersWrite',
  'transactions:write': 'developers.scopeTransactionsWrite',
};

/** Each webhook event as a short name ("Points earned"). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, MessageKey> = {
  'member.created': 'integration.event.memberCreated',
  'member.updated': 'integration.event.memberUpdated',
  'member.deleted': 'integration.event.memberDeleted',
  'points.earned': 'integration.event.pointsEarned',
  'points.redeemed': 'integration.event.pointsRedeemed',
  'points.adjusted': 'integration.event.pointsAdjusted',
  'points.expired': 'integration.event.pointsExpired',
  'tier.changed': 'integration.event.tierChanged',
  'points.refunded': 'integration.event.pointsRefunded',
  'reward.redeemed': 'integration.event.rewardRedeemed',
  'message.sent': 'integration.event.messageSent',
  'points.expiring': 'integration.event.pointsExpiring',
  'stamps.added': 'integration.event.stampsAdded',
  'stamps.removed': 'integration.event.stampsRemoved',
  'stampcard.completed': 'integration.event.stampcardCompleted',
  'automation.fired': 'integration.event.automationFired',
};

/** A scope in the reader's language; one this web app does not know yet reads "Other permission", never its code. */
export const scopeLabel = (scope: string): string =>
  t(Object.hasOwn(SCOPE_LABELS, scope) ? SCOPE_LABELS[scope as ApiKeyScope] : 'integration.scope.other');

/** A webhook event in the reader's language; one this web app does not know yet reads "Other event". */
export const webhookEventLabel = (event: string): string =>
  t(
    Object.hasOwn(WEBHOOK_EVENT_LABELS, event)
      ? WEBHOOK_EVENT_LABELS[event as WebhookEventType]
      : 'integration.event.other',
  );
