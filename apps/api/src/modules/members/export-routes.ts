import { ledgerExportQuerySchema, memberIdParamsSchema, membersExportQuerySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { exportLedger } from '../ledger';
import { LEDGER_HEADER, ledgerLines, MEMBER_HEADER, memberLines } from './export-lines';
import { exportMembers, findMemberRow } from './repository';

const route = routeRecipe(['members'], [400, 401, 403, 404]);

const stamp = () => new Date().toISOString().slice(0, 10);

/** CSV downloads (docs/design.md §8 Import, export, audit): members with the list's filters, and the points ledger. */
export const memberExportRoutes: FastifyPluginAsyncZod = async (app) => {
  route.csv(
    app,
    '/api/tenants/member/export.csv',
    {
      summary: 'The members list with its filters as CSV (UTF-8 with BOM, streamed; formula-like text made inert)',
      querystring: membersExportQuerySchema,
      rows: 'The members, one a row, with a header row',
    },
    (request) => ({
      name: `members-${stamp()}.csv`,
      header: MEMBER_HEADER,
      rows: memberLines(exportMembers(app.db, request.tenant.tenantId, request.query)),
    }),
  );

  route.csv(
    app,
    '/api/tenants/member/:id/transactions.csv',
    {
      summary: 'One member’s points ledger as CSV, oldest first',
      params: memberIdParamsSchema,
      rows: 'The member’s ledger entries, one a row, with a header row',
    },
    async (request) => {
      const { tenantId } = request.tenant;
      const member = await findMemberRow(app.db, tenantId, request.params.id);
      if (!member) throw notFound('Member not found');
      const chunks = exportLedger(app.db, tenantId, { memberId: request.params.id });
      return {
        name: `ledger-${member.membershipCode}-${stamp()}.csv`,
        header: LEDGER_HEADER,
        rows: ledgerLines(chunks),
      };
    },
  );

  route.csv(
    app,
    '/api/tenants/transactions/export.csv',
    {
      summary: 'The points ledger of every member in a [from, to) time range as CSV, oldest first',
      querystring: ledgerExportQuerySchema,
      rows: 'The ledger entries, one a row, with a header row',
    },
    (request) => {
      const { from, to } = request.query;
      const chunks = exportLedger(app.db, request.tenant.tenantId, {
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
      });
      return { name: `ledger-${stamp()}.csv`, header: LEDGER_HEADER, rows: ledgerLines(chunks) };
    },
  );
};
