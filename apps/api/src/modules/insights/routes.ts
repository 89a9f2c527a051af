import {
  INSIGHTS_MAX_BUCKETS,
  INSIGHTS_MESSAGES,
  liabilityQuerySchema,
  liabilitySchema,
  type TimeseriesQuery,
  timeseriesQuerySchema,
  timeseriesSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { getBusinessProfile } from '../business';
import { periodCount, todayIn } from './periods';
import { liability, timeseries } from './repository';

const route = routeRecipe(['reports'], [400, 401, 403]);

const zoneOf = async (db: Database, tenantId: string) => (await getBusinessProfile(db, tenantId))?.timeZone ?? 'UTC';

/** More periods than one answer holds: 400 TOO_MANY_BUCKETS, said at `to` (the field that makes the range long). */
function assertFewBuckets(query: TimeseriesQuery) {
  if (periodCount(query.from, query.to, query.interval) > INSIGHTS_MAX_BUCKETS) {
    const message = INSIGHTS_MESSAGES.tooManyBuckets(INSIGHTS_MAX_BUCKETS);
    throw new AppError(400, message, { error: 'TOO_MANY_BUCKETS', errors: { to: message } });
  }
}

const TIMESERIES_HEADER = [
  'Start',
  'End',
  'New members',
  'Active members',
  'Returning members',
  'Purchases',
  'Amount',
  'Points issued',
  'Points redeemed',
  'Points expired',
  'Points taken back',
  'Rewards redeemed',
  'Stamps added',
  'Cards completed',
];

/** Insights (docs/design.md §10): the figures over time and what the points owe; every role reads them. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const series = async (tenantId: string, query: TimeseriesQuery) => {
    assertFewBuckets(query);
    const timeZone = await zoneOf(app.db, tenantId);
    const buckets = await timeseries(app.db, tenantId, { ...query, today: todayIn(timeZone) });
    return { interval: query.interval, timeZone, buckets };
  };
  const owed = async (tenantId: string, branchId: string | undefined) => {
    const [timeZone, figures] = await Promise.all([zoneOf(app.db, tenantId), liability(app.db, tenantId, branchId)]);
    return { timeZone, ...figures };
  };

  app.get(
    '/api/tenants/reports/timeseries',
    route.staff({
      summary:
        'The business’s figures per day, week (from Monday) or month from one day to another (both included, in its time zone): new, active and returning members, purchases, points issued, redeemed, expired and taken back, rewards, stamps; at most 400 periods',
      querystring: timeseriesQuerySchema,
      response: { 200: timeseriesSchema },
    }),
    async (request) => series(request.tenant.tenantId, request.query),
  );

  route.csv(
    app,
    '/api/tenants/reports/timeseries.csv',
    {
      access: 'staff',
      summary: 'The timeseries as CSV (UTF-8 with BOM)',
      querystring: timeseriesQuerySchema,
      rows: 'A row per period, with a header row',
    },
    async (request) => {
      const { from, to, interval } = request.query;
      const report = await series(request.tenant.tenantId, request.query);
      async function* rows() {
        yield report.buckets.map((b) => [
          b.start,
          b.end,
          b.newMembers,
          b.activeMembers,
          b.returningMembers,
          b.purchases,
          b.amount,
          b.pointsIssued,
          b.pointsRedeemed,
          b.pointsExpired,
          b.pointsTakenBack,
          b.rewardsRedeemed,
          b.stampsAdded,
          b.cardsCompleted,
        ]);
      }
      return { name: `timeseries-${interval}-${from}-${to}.csv`, header: TIMESERIES_HEADER, rows: rows() };
    },
  );

  app.get(
    '/api/tenants/reports/liability',
    route.staff({
      summary:
        'What the points owe now: outstanding points and their value at the redeem rate, points expiring within 30, 60 and 90 days, balances below zero, the breakage of the last 12 months, per tier and erased members',
      querystring: liabilityQuerySchema,
      response: { 200: liabilitySchema },
    }),
    async (request) => owed(request.tenant.tenantId, request.query.branchId),
  );

  route.csv(
    app,
    '/api/tenants/reports/liability.csv',
    {
      access: 'staff',
      summary: 'The liability as CSV (UTF-8 with BOM): one figure per row',
      querystring: liabilityQuerySchema,
      rows: 'A row per figure (Figure, Tier, Members, Value), with a header row',
    },
    async (request) => {
      const l = await owed(request.tenant.tenantId, request.query.branchId);
      async function* rows() {
        yield [
          ['Outstanding points', '', '', l.outstandingPoints],
          ['Outstanding value', '', '', l.outstandingValue],
          ['Expiring within 30 days', '', '', l.expiring.days30],
          ['Expiring within 60 days', '', '', l.expiring.days60],
          ['Expiring within 90 days', '', '', l.expiring.days90],
          ['Balances below zero', '', l.negative.members, l.negative.points],
          ['Breakage, last 12 months', '', '', l.breakage12m],
          ...l.byTier.map((t) => ['Points by tier', t.name, t.members, t.points]),
          ['Points of erased members', '', '', l.erased.points],
        ];
      }
      return { name: 'liability.csv', header: ['Figure', 'Tier', 'Members', 'Value'], rows: rows() };
    },
  );
};
