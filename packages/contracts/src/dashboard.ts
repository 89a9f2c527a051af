import { z } from 'zod';

/** GET /api/dashboard: live figures of the tenant (docs/design.md §4, beyond the seed's fixed placeholders). */
export const dashboardSchema = z.object({
  teamUsers: z.number().int(),
  members: z.object({ total: z.number().int(), active: z.number().int() }),
  pointsIssued: z.object({
    thisMonth: z.number().int(),
    lastMonth: z.number().int(),
    /** Change against last month in percent, one decimal; null when last month issued nothing. */
    trendPercent: z.number().nullable(),
  }),
  pointsOutstanding: z.number().int(),
  /** What the outstanding points are worth at the redeem rate, in dollars; 0 without settings. */
  liability: z.number(),
  walletCards: z.object({ count: z.number().int(), basis: z.enum(['wallet', 'members']) }),
  tierMix: z.array(
    z.object({
      tierId: z.string().nullable(),
      name: z.string(),
      /** The tier's Chinese names when it has them (docs/design.md §8). */
      nameZh: z.string().nullable().optional(),
      nameCn: z.string().nullable().optional(),
      color: z.string(),
      count: z.number().int(),
    }),
  ),
  /** Redemptions per reward (not cancelled), most first (docs/design.md §9); the reward's names as it has them now. */
  rewardRedemptions: z
    .array(
      z.object({
        rewardId: z.string().nullable(),
        name: z.string(),
        nameZh: z.string().nullable(),
        nameCn: z.string().nullable(),
        count: z.number().int(),
      }),
    )
    .optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
