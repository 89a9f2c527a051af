import { z } from 'zod';
import { branchIdField } from './branches';
import { idParamSchema } from './common';
import { MEMBER_MESSAGES, orderIdSchema, PURCHASE_AMOUNT_MAX } from './members';

/** Refunds (a customer's return) and the limits a purchase keeps within. */

export const REFUND_WINDOW_DAYS_DEFAULT = 90;

export const REFUND_MESSAGES = {
  exceeds: (left: number) =>
    `The refunds would exceed the purchase: at most ${left.toLocaleString('en-US', { minimumFractionDigits: 2 })} can still be refunded.`,
  windowPassed: (days: number) => `Only purchases of the last ${days} days can be refunded.`,
  notRefundable: 'Only a purchase that was not reversed can be refunded.',
  refundedAlready: 'Part of this purchase was refunded already: refund the rest instead of reversing it.',
  orderNotFound: 'No purchase has this order id',
  duplicateOrder: 'This order id was already recorded with another purchase; nothing was recorded.',
} as const;

/** The 422 codes of a purchase beyond the business's limits, and their English messages. */
export const LIMIT_CODES = ['POINTS_CAP', 'DAILY_LIMIT', 'NEEDS_ADMIN'] as const;
export type LimitCode = (typeof LIMIT_CODES)[number];
export const LIMIT_MESSAGES = {
  POINTS_CAP: (max: number) => `A purchase may earn at most ${max.toLocaleString('en-US')} points.`,
  DAILY_LIMIT: (max: number) =>
    `This member already has ${max.toLocaleString('en-US')} purchases today, the most a day allows.`,
  NEEDS_ADMIN: (max: number) =>
    `A purchase above ${max.toLocaleString('en-US', { minimumFractionDigits: 2 })} must be recorded by an admin or the owner.`,
} as const;

const amount = z
  .number({ error: MEMBER_MESSAGES.amount })
  .gt(0, MEMBER_MESSAGES.amount)
  .max(PURCHASE_AMOUNT_MAX, MEMBER_MESSAGES.amountTooLarge)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, MEMBER_MESSAGES.amountDecimals);

/** POST …/transactions/{entryId}/refund and /api/tenants/orders/{orderId}/refund body: the amount given back. */
/** `branchId`: where the refund is made (docs/design.md §10), not where the purchase was. */
export const refundBodySchema = z.object({ amount, branchId: branchIdField });
export type RefundBody = z.output<typeof refundBodySchema>;

export const refundParamsSchema = z.object({ id: idParamSchema, entryId: idParamSchema });
export const orderRefundParamsSchema = z.object({ orderId: orderIdSchema });
