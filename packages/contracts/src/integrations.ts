import { z } from 'zod';
import { AUTOMATION_KINDS } from './automations';
import { idParamSchema, pageQuery, pageSchema, safeString } from './common';
import { LANGUAGES } from './languages';

/**
 * Integrations (docs/design.md §8): API keys a till, a shop or a CRM presents as a bearer, and webhook endpoints that
 * hear about members and points, signed by the Standard Webhooks scheme.
 */
export const INTEGRATION_MESSAGES = {
  keyName: 'Enter a name for the key',
  scopes: 'Choose at least one permission',
  url: 'Enter a link starting with https:// or http://',
  credentialsInUrl:
    'A link with a user name or password is not accepted; remove them (each delivery is signed instead)',
  privateUrl: 'This address is private or local; webhooks only go to public addresses',
  unresolvable: 'This host name could not be found',
  events: 'Choose at least one event',
} as const;

export const API_KEY_SCOPES = ['members:read', 'members:write', 'transactions:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** `lpk_<id>_<secret>`: the id finds the row, the secret is compared with its stored hash. */
export const API_KEY_PATTERN = /^lpk_([A-Za-z0-9]{16})_([A-Za-z0-9_-]{43})$/;

export const createApiKeySchema = z.object({
  name: safeString(80).trim().min(1, INTEGRATION_MESSAGES.keyName),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: INTEGRATION_MESSAGES.scopes }))
    .min(1, INTEGRATION_MESSAGES.scopes)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's public part (`lpk_<id>`), enough to tell keys apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** POST /api/tenants/api-keys answer: the only time the whole key is shown. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysListSchema = z.array(apiKeySchema);
export const apiKeyParamsSchema = z.object({ id: idParamSchema });

export const WEBHOOK_EVENTS = [
  'member.created',
  'member.updated',
  'member.deleted',
  'points.earned',
  'points.redeemed',
  'points.adjusted',
  'points.expired',
  'tier.changed',
  'points.refunded',
  'reward.redeemed',
  'message.sent',
  'points.expiring',
  'stamps.added',
  'stamps.removed',
  'stampcard.completed',
  'automation.fired',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The link as an http(s) URL; undefined when it is not one. */
function parsedUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

export const webhookInputSchema = z.object({
  url: z
    .string({ error: INTEGRATION_MESSAGES.url })
    .trim()
    .max(2000, INTEGRATION_MESSAGES.url)
    .refine((value) => parsedUrl(value) !== undefined, INTEGRATION_MESSAGES.url)
    // Said apart from a bad link: the link is right, only what it carries is refused (a secret stored in clear).
    .refine((value) => {
      const url = parsedUrl(value);
      return !url || (!url.username && !url.password);
    }, INTEGRATION_MESSAGES.credentialsInUrl),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: INTEGRATION_MESSAGES.events }))
    .min(1, INTEGRATION_MESSAGES.events)
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean().default(true),
});
export type WebhookInput = z.input<typeof webhookInputSchema>;
export type WebhookBody = z.output<typeof webhookInputSchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Why the server turned the endpoint off (it kept failing); null while on or turned off by hand. */
  disabledReason: z.string().nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST /api/tenants/webhooks answer: the signing secret (`whsec_…`) is shown this once. */
export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhooksListSchema = z.array(webhookSchema);
export const webhookParamsSchema = z.object({ id: idParamSchema });
export const deliveryParamsSchema = z.object({ id: idParamSchema, deliveryId: idParamSchema });
export const deliveriesQuerySchema = z.object(pageQuery(20));

export const DELIVERY_STATUSES = ['PENDING', 'SUCCEEDED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const deliverySchema = z.object({
  id: z.string(),
  /** The `webhook-id` header: the same on every attempt, so a receiver can drop repeats. */
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;
export const deliveriesPageSchema = pageSchema(deliverySchema);

/** What a member event carries (the member as the API shows it in lists). */
const memberPayload = z.object({
  id: z.string(),
  membershipCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  status: z.string(),
  tierId: z.string().nullable(),
  pointsBalance: z.number().int(),
  /** The language the customer joined in on the join page; null for members added by staff or an import. */
  language: z.enum(LANGUAGES).nullable(),
});

const pointsPayload = z.object({
  memberId: z.string(),
  entryId: z.string(),
  /** Signed: negative for points spent, taken or expired. */
  points: z.number().int(),
  /** The amount spent (PURCHASE) or the value redeemed (REDEEM), as a decimal string; null otherwise. */
  amount: z.string().nullable(),
  pointsBalance: z.number().int(),
  /** The branch the entry was recorded at (docs/design.md §10); null: none named. */
  branchId: z.string().nullable().optional(),
});

const stampsPayload = z.object({
  memberId: z.string(),
  entryId: z.string(),
  /** The entry's type: ADD, PURCHASE, IMPORT; REVERSAL, REFUND, EXPIRE, ADJUST. */
  entryType: z.string(),
  /** Signed: negative when taken away. */
  stamps: z.number().int(),
  /** Stamps on the current card after the entry, and the card's size. */
  cardStamps: z.number().int(),
  stampsPerCard: z.number().int(),
  cardsCompleted: z.number().int(),
  purchaseId: z.string().nullable(),
});

const envelope = <T extends WebhookEventType, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), timestamp: z.string(), data }).describe(`The body of a ${type} webhook`);

/**
 * The body of each webhook (JSON). Headers: `webhook-id` (the event id, `msg_…`), `webhook-timestamp` and
 * `webhook-signature`, to be checked with the endpoint's secret by any Standard Webhooks verifier.
 */
export const webhookEventSchemas = {
  'member.created': envelope('member.created', memberPayload),
  'member.updated': envelope('member.updated', memberPayload),
  'member.deleted': envelope('member.deleted', z.object({ id: z.string(), membershipCode: z.string() })),
  // The base points of §4 and what each promotion added on top (docs/design.md §10): points = base + promotions.
  'points.earned': envelope(
    'points.earned',
    pointsPayload.extend({
      basePoints: z.number().int().optional(),
      promotions: z.array(z.object({ id: z.string(), points: z.number().int() })).optional(),
    }),
  ),
  'points.redeemed': envelope('points.redeemed', pointsPayload),
  // `reason`: what staff typed; `reasonCode`: the system's own reason as a code (docs/design.md §10).
  'points.adjusted': envelope(
    'points.adjusted',
    pointsPayload.extend({ reason: z.string().nullable(), reasonCode: z.string().nullable().optional() }),
  ),
  'points.expired': envelope(
    'points.expired',
    pointsPayload.pick({ memberId: true, points: true, pointsBalance: true }),
  ),
  'tier.changed': envelope(
    'tier.changed',
    z.object({ memberId: z.string(), fromTierId: z.string().nullable(), toTierId: z.string().nullable() }),
  ),
  // Part of a purchase given back: `points` taken back (≤ 0), `amount` refunded, the purchase and its order.
  'points.refunded': envelope(
    'points.refunded',
    pointsPayload.extend({ purchaseId: z.string(), orderId: z.string().nullable() }),
  ),
  // A reward redeemed at the counter (or with the customer's claim code): its REDEEM entry names it.
  'reward.redeemed': envelope(
    'reward.redeemed',
    z.object({
      memberId: z.string(),
      redemptionId: z.string(),
      rewardId: z.string().nullable(),
      rewardName: z.string(),
      entryId: z.string(),
      points: z.number().int(),
      pointsBalance: z.number().int(),
      /** Redeemed with a code the customer claimed on their phone. */
      claimed: z.boolean(),
      /** The branch it was redeemed at; null: none named. */
      branchId: z.string().nullable().optional(),
    }),
  ),
  // A message to cardholders went out: what its log says once the queue has worked through it.
  'message.sent': envelope(
    'message.sent',
    z.object({
      messageId: z.string(),
      targeted: z.number().int(),
      passesUpdated: z.number().int(),
      applePushes: z.number().int(),
      googleNotified: z.number().int(),
      googleQuiet: z.number().int(),
      failed: z.number().int(),
    }),
  ),
  // Points of the member's lots lapse on `expiresAt` (the soonest of them) unless spent first: told once per lot,
  // `expiryWarningDays` before (point settings).
  'points.expiring': envelope(
    'points.expiring',
    z.object({
      memberId: z.string(),
      points: z.number().int(),
      expiresAt: z.string(),
      pointsBalance: z.number().int(),
    }),
  ),
  // Stamps added (counter, purchase, import) or taken away (reversal, refund, lapse, adjustment): docs/design.md §10.
  'stamps.added': envelope('stamps.added', stampsPayload),
  'stamps.removed': envelope('stamps.removed', stampsPayload),
  // A stamp card filled: its reward's redemption ISSUED (source STAMPS), the stamps beyond it on the next card.
  'stampcard.completed': envelope(
    'stampcard.completed',
    z.object({
      memberId: z.string(),
      entryId: z.string(),
      redemptionId: z.string(),
      rewardId: z.string().nullable(),
      rewardName: z.string(),
      cardsCompleted: z.number().int(),
      stamps: z.number().int(),
    }),
  ),
  // An automation gave a member something or spoke to them (docs/design.md §10).
  'automation.fired': envelope(
    'automation.fired',
    z.object({
      automationId: z.string(),
      kind: z.enum(AUTOMATION_KINDS),
      memberId: z.string(),
      points: z.number().int(),
      entryId: z.string().nullable(),
      redemptionId: z.string().nullable(),
      messaged: z.boolean(),
    }),
  ),
} satisfies Record<WebhookEventType, z.ZodType>;
const e = webhookEventSchemas;
export const webhookEventSchema = z.discriminatedUnion('type', [
  e['member.created'],
  e['member.updated'],
  e['member.deleted'],
  e['points.earned'],
  e['points.redeemed'],
  e['points.adjusted'],
  e['points.expired'],
  e['tier.changed'],
  e['points.refunded'],
  e['reward.redeemed'],
  e['message.sent'],
  e['points.expiring'],
  e['stamps.added'],
  e['stamps.removed'],
  e['stampcard.completed'],
  e['automation.fired'],
]);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
