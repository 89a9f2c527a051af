import { z } from 'zod';
import { idParamSchema, isoDateTime, pageQuery, pageSchema } from './common';

/** The audit trail (docs/design.md §8 Import, export, audit): every admin write, who made it and what changed. */
export const AUDIT_PAGE_SIZE = 20;

/** The actions the trail records; the Activity screen names each in the user's language. */
export const AUDIT_ACTIONS = [
  'member.create',
  'member.update',
  'member.delete',
  'points.purchase',
  'points.redeem',
  'points.adjust',
  'points.reversal',
  'tier.create',
  'tier.update',
  'tier.delete',
  'user.create',
  'user.update',
  'user.delete',
  'passSettings.update',
  'pointsConversion.update',
  'storeSettings.update',
  'import.run',
  'enrolment.update',
  'apiKey.create',
  'apiKey.revoke',
  'webhook.create',
  'webhook.update',
  'webhook.delete',
  'business.update',
  'segment.create',
  'segment.update',
  'segment.delete',
  'message.send',
  'message.cancel',
  // Rewards (docs/design.md §9): the list's writes, and a redemption handed over or cancelled (its points back).
  'branch.create',
  'branch.update',
  'branch.delete',
  'reward.create',
  'reward.update',
  'reward.delete',
  'reward.fulfil',
  'reward.cancel',
  // A refund, the tier policy and the daily tier review (docs/design.md §9) are in the trail too.
  'points.refund',
  'settings.tier-policy.update',
  'member.tier.review',
  // Promotions (docs/design.md §10).
  'promotion.create',
  'promotion.update',
  'promotion.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const dateTime = isoDateTime('Use a date and time such as 2026-01-31T00:00:00Z');

/** GET /api/tenants/audit query: `actor` is an actor id (an account id, later an API key id). */
export const auditQuerySchema = z.object({
  ...pageQuery(AUDIT_PAGE_SIZE),
  actor: idParamSchema.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'Unknown action' }).optional(),
  from: dateTime.optional(),
  to: dateTime.optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEventSchema = z.object({
  id: z.string(),
  actorType: z.enum(['account', 'apiKey', 'member', 'system']),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  changes: z.record(z.string(), fieldChangeSchema),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
  /**
   * What the screen names instead of ids: the member an event concerns (null once erased or deleted) and the
   * tiers its changes name, each with its Chinese names (the reader's language picks).
   */
  member: z.object({ name: z.string(), membershipCode: z.string() }).nullable().optional(),
  tiers: z
    .record(z.string(), z.object({ name: z.string(), nameZh: z.string().nullable(), nameCn: z.string().nullable() }))
    .optional(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;
export const auditPageSchema = pageSchema(auditEventSchema);
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The people (and keys) that appear in the tenant's trail, for the Activity screen's person filter. */
export const auditActorsSchema = z.array(z.object({ id: z.string(), name: z.string(), type: z.string() }));
export type AuditActors = z.infer<typeof auditActorsSchema>;
