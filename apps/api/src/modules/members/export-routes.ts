import { ledgerExportQuerySchema, memberIdParamsSchema, membersExportQuerySchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { fileAnswer, MEDIA } from '../../lib/openapi-answers';
import { routeRecipe } from '../../lib/route-recipe';
import { LEDGER_HEADER, ledgerLines, MEMBER_HEADER, memberLines } from './export-lines';
import { exportLedger, exportMembers, findMemberRow } from './repository';

const route = routeRecipe(['members'], [400, 401, 403, 404]);

const stamp = () => new Date().toISOString().slice(0, 10);

/** CSV downloads (docs/design.md §8 Import, export, audit): members with the list's filters, and the points ledger. */
export const memberExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/member/export.csv',
    route.admin({
      summary: 'The members list with its filters as CSV (UTF-8 with BOM, streamed; formula-like text made inert)',
      querystring: membersExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: fileAnswer(MEDIA.csv, 'The members, one a row, with a header row') },
    }),
    async (request, reply) => {
      const chunks = exportMembers(app.db, request.tenant.tenantId, request.query);
      return sendCsv(reply, `members-${stamp()}.csv`, MEMBER_HEADER, memberLines(chunks));
    },
  );

  app.get(
    '/api/tenants/member/:id/transactions.csv',
    route.admin({
      summary: 'One member’s points ledger as CSV, oldest first',
      params: memberIdParamsSchema,
      produces: ['text/csv'],
      response: { 200: fileAnswer(MEDIA.csv, 'The member’s ledger entries, one a row, with a header row') },
    }),
    async (request, reply) => {
      const { tenantId } = request.tenant;
      const member = await findMemberRow(app.db, tenantId, request.params.id);
      if (!member) throw notFound('Member not found');
      const chunks = exportLedger(app.db, tenantId, { memberId: request.params.id });
      return sendCsv(reply, `ledger-${member.membershipCode}-${stamp()}.csv`, LEDGER_HEADER, ledgerLines(chunks));
    },
  );

  app.get(
    '/api/tenants/transactions/export.csv',
    route.admin({
      summary: 'The points ledger of every member in a [from, to) time range as CSV, oldest first',
      querystring: ledgerExportQuerySchema,
      produces: ['text/csv'],
      response: { 200: fileAnswer(MEDIA.csv, 'The ledger entries, one a row, with a header row') },
    }),
    async (request, reply) => {
      const { from, to } = request.query;
      const chunks = exportLedger(app.db, request.tenant.tenantId, {
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
      });
      return sendCsv(reply, `ledger-${stamp()}.csv`, LEDGER_HEADER, ledgerLines(chunks));
    },
  );
};
