import type { DeliveryStatus } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, MessageKey> = {
  PENDING: 'developers.deliveryPending',
  SUCCEEDED: 'developers.deliverySucceeded',
  FAILED: 'developers.deliveryFailed',
};
