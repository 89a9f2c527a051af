import type { AuditAction } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';

/** Each action of the trail as the screen names it. */
export const ACTION_LABELS: Record<AuditAction, MessageKey> = {
  'member.create': 'activity.action.memberCreate',
  'member.update': 'activity.action.memberUpdate',
  'member.delete': 'activity.action.memberDelete',
  'points.purchase': 'activity.action.pointsPurchase',
  'points.redeem': 'activity.action.pointsRedeem',
  'points.adjust': 'activity.action.pointsAdjust',
  'points.reversal': 'activity.action.pointsReversal',
  'tier.create': 'activity.action.tierCreate',
  'tier.update': 'activity.action.tierUpdate',
  'tier.delete': 'activity.action.tierDelete',
  'user.create': 'activity.action.userCreate',
  'user.update': 'activity.action.userUpdate',
  'user.delete': 'activity.action.userDelete',
  'passSettings.update': 'activity.action.passSettingsUpdate',
  'pointsConversion.update': 'activity.action.pointsConversionUpdate',
  'storeSettings.update': 'activity.action.storeSettingsUpdate',
  'import.run': 'activity.action.importRun',
  'enrolment.update': 'activity.action.enrolmentUpdate',
  'apiKey.create': 'activity.action.apiKeyCreate',
  'apiKey.revoke': 'activity.action.apiKeyRevoke',
  'webhook.create': 'activity.action.webhookCreate',
  'webhook.update': 'activity.action.webhookUpdate',
  'webhook.delete': 'activity.action.webhookDelete',
  'business.update': 'activity.action.businessUpdate',
};

/** A recorded value as one short line: nothing as a dash, text as it is, anything else as compact JSON. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
