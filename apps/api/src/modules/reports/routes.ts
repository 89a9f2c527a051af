import { staffActivityQuerySchema, staffActivitySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeRecipe } from '../../lib/route-recipe';
import { reportTimeZone, staffActivity } from './repository';

const route = routeRecipe(['reports'], [400, 401, 403]);

/** The CSV's columns, in the JSON rows' order (English, as the other exports' headers). */
const STAFF_ACTIVITY_HEADER = [
  'User id',
  'Name',
  'Email',
  'Role',
  'Purchases',
  'Amount',
  'Points',
  'Redemptions',
  'Reversals',
  'Refunds',
];

/** Reports for owners and admins: sums over the points ledger. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const staffActivityOf = async (tenantId: string, query: { from: string; to: string; branchId?: string }) => {
    const timeZone = await reportTimeZone(app.db, tenantId);
    return { ...query, timeZone, rows: await staffActivity(app.db, tenantId, query, timeZone) };
  };

  app.get(
    '/api/tenants/reports/staff-activity',
    route.admin({
      summary:
        'What each team user recorded from one day to another (both included, in the business’s time zone): purchases, their amount, points issued, redemptions, reversals and refunds',
      querystring: staffActivityQuerySchema,
      response: { 200: staffActivitySchema },
    }),
    async (request) => staffActivityOf(request.tenant.tenantId, request.query),
  );

  route.csv(
    app,
    '/api/tenants/reports/staff-activity.csv',
    {
      summary: 'The staff activity report as CSV (UTF-8 with BOM)',
      querystring: staffActivityQuerySchema,
      rows: 'A row per team user, with a header row',
    },
    async (request) => {
      const { from, to } = request.query;
      const report = await staffActivityOf(request.tenant.tenantId, request.query);
      async function* lines() {
        yield report.rows.map((r) => [
          r.userId,
          r.name,
          r.email,
          r.role,
          r.purchases,
          r.amount,
          r.points,
          r.redemptions,
          r.reversals,
          r.refunds,
        ]);
      }
      return { name: `staff-activity-${from}-${to}.csv`, header: STAFF_ACTIVITY_HEADER, rows: lines() };
    },
  );
};
