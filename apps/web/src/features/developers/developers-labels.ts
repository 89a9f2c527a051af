import type { ApiKeyScope, DeliveryStatus } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

/** What each scope opens, in words an admin reads before handing a key to a till or a shop. */
export const SCOPE_HINTS: Record<ApiKeyScope, MessageKey> = {
  'members:read': 'developers.scopeMembersRead',
  'members:write': 'developers.scopeMembersWrite',
  'transactions:write': 'developers.scopeTransactionsWrite',
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, MessageKey> = {
  PENDING: 'developers.deliveryPending',
  SUCCEEDED: 'developers.deliverySucceeded',
  FAILED: 'developers.deliveryFailed',
};
