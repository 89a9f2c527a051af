import { z } from 'zod';
import { CLEAN_TEXT, idParamSchema, isCleanText, isoDateTime, safeString } from './common';
import { LANGUAGE_MESSAGE, LANGUAGES } from './languages';

/** Segments and messages to cardholders (docs/design.md §9). */
export const MESSAGE_TEXT_MAX = 160;

export const MESSAGE_MESSAGES = {
  text: 'Write the message (at most 160 characters)',
  tooLong: 'At most 160 characters',
  day: 'Use a date such as 2026-01-31',
  amount: 'Must be a number of 0 or more',
  name: 'Name is required (at most 80 characters)',
  sendAt: 'Use a date and time such as 2026-01-31T09:00:00+08:00',
  audience: 'Choose who receives the message',
  range: 'The lowest must not be above the highest',
  quietHours: 'Use a time such as 22:00',
  promotionNotFound: 'Promotion not found',
} as const;

/** A day in the business's time zone: "before" a day is up to its start, "after" a day is from its start on. */
const day = z.iso.date({ error: MESSAGE_MESSAGES.day });
const amount = z.number({ error: MESSAGE_MESSAGES.amount }).min(0, MESSAGE_MESSAGES.amount).max(1e12);

/**
 * Who a segment holds. Every field narrows; an empty filter is every member. Last visit is the member's latest
 * PURCHASE or REDEEM (`lastVisitBefore` also holds members who never came); `language` is the member's, or the
 * business's for members who never chose one; `hasWalletPass` is an Apple pass on a registered device or a
 * Google object saved.
 */
export const segmentFilterSchema = z
  .object({
    tierIds: z.array(idParamSchema).max(50).optional(),
    minBalance: z.number().int().min(-1e9).max(1e9).optional(),
    maxBalance: z.number().int().min(-1e9).max(1e9).optional(),
    minLifetimeSpend: amount.optional(),
    lastVisitBefore: day.optional(),
    lastVisitAfter: day.optional(),
    joinedBefore: day.optional(),
    joinedAfter: day.optional(),
    language: z.enum(LANGUAGES, { error: LANGUAGE_MESSAGE }).optional(),
    hasWalletPass: z.boolean().optional(),
  })
  .refine((f) => f.minBalance === undefined || f.maxBalance === undefined || f.minBalance <= f.maxBalance, {
    message: MESSAGE_MESSAGES.range,
    path: ['maxBalance'],
  });
export type SegmentFilter = z.infer<typeof segmentFilterSchema>;

export const segmentPreviewBodySchema = z.object({ filter: segmentFilterSchema });

export const segmentSampleMemberSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  membershipCode: z.string(),
  tierName: z.string().nullable(),
  /** The tier's Chinese names, so a Chinese screen names it in its own script. */
  tierNameZh: z.string().nullable().optional(),
  tierNameCn: z.string().nullable().optional(),
  pointsBalance: z.number().int(),
  language: z.enum(LANGUAGES).nullable(),
  marketingOptIn: z.boolean(),
});
export type SegmentSampleMember = z.infer<typeof segmentSampleMemberSchema>;

/** `count`: members the filter holds; `reachable`: those a message would go to (marketing consent given). */
export const segmentPreviewSchema = z.object({
  count: z.number().int(),
  reachable: z.number().int(),
  sample: z.array(segmentSampleMemberSchema),
});
export type SegmentPreview = z.infer<typeof segmentPreviewSchema>;

export const segmentInputSchema = z.object({
  name: safeString(80, MESSAGE_MESSAGES.name).trim().min(1, MESSAGE_MESSAGES.name),
  filter: segmentFilterSchema,
});
export type SegmentInput = z.input<typeof segmentInputSchema>;

export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  filter: segmentFilterSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Segment = z.infer<typeof segmentSchema>;
export const segmentsListSchema = z.array(segmentSchema);
export const segmentParamsSchema = z.object({ id: idParamSchema });

/** A message's text: one line, at most 160 characters, no control or direction characters. */
const messageText = z
  .string({ error: MESSAGE_MESSAGES.text })
  .trim()
  .min(1, MESSAGE_MESSAGES.text)
  .max(MESSAGE_TEXT_MAX, MESSAGE_MESSAGES.tooLong)
  .refine(isCleanText, CLEAN_TEXT);
const optionalText = z
  .string()
  .trim()
  .max(MESSAGE_TEXT_MAX, MESSAGE_MESSAGES.tooLong)
  .refine(isCleanText, CLEAN_TEXT)
  .optional()
  .transform((value) => value || undefined);

export const messageAudienceSchema = z.union(
  [
    z.object({ memberId: idParamSchema }).strict(),
    z.object({ segmentId: idParamSchema }).strict(),
    z.object({ filter: segmentFilterSchema }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: MESSAGE_MESSAGES.audience },
);
export type MessageAudience = z.infer<typeof messageAudienceSchema>;

export const messageInputSchema = z.object({
  text: messageText,
  textZh: optionalText,
  textCn: optionalText,
  audience: messageAudienceSchema,
  /** When to send; absent or past: now. Quiet hours may hold it further. */
  sendAt: isoDateTime(MESSAGE_MESSAGES.sendAt).optional(),
  /** The business's promotion the message announces (docs/design.md §10), shown with it in the list. */
  promotionId: idParamSchema.optional(),
});
export type MessageInput = z.input<typeof messageInputSchema>;
export type MessageBody = z.output<typeof messageInputSchema>;

export const MESSAGE_STATES = ['SCHEDULED', 'SENDING', 'SENT', 'CANCELLED'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const messageCreatedSchema = z.object({ id: z.string(), targeted: z.number().int() });

/**
 * A message and what became of it so far: `targeted` members; `passesUpdated` Apple passes whose "Latest news"
 * changed; `applePushes` pushes APNs took; `googleNotified` Google messages with a notice, `googleQuiet` without
 * one (the pass had three notices in 24 hours); `failed` deliveries that did not go through.
 */
export const messageSchema = z.object({
  id: z.string(),
  text: z.string(),
  textZh: z.string().nullable(),
  textCn: z.string().nullable(),
  audience: z.record(z.string(), z.unknown()),
  state: z.enum(MESSAGE_STATES),
  sendAt: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  targeted: z.number().int(),
  passesUpdated: z.number().int(),
  applePushes: z.number().int(),
  googleNotified: z.number().int(),
  googleQuiet: z.number().int(),
  failed: z.number().int(),
  /** The promotion it announces; null when none, or once that promotion is deleted. */
  promotionId: z.string().nullable(),
});
export type Message = z.infer<typeof messageSchema>;
export const messagesListSchema = z.array(messageSchema);
export const messageParamsSchema = z.object({ id: idParamSchema });

/** Quiet hours in the business's time zone, `HH:MM` each; `from` after `to` spans midnight (22:00 → 08:00). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGE_MESSAGES.quietHours);
export const quietHoursSchema = z.object({ from: clock, to: clock });
export type QuietHours = z.infer<typeof quietHoursSchema>;
