import {
  EXPORT_HEADERS,
  ledgerExportQuerySchema,
  memberIdParamsSchema,
  membersExportQuerySchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { exportLedger, exportMembers, findMemberRow } from './repository';

const route = routeRecipe(['members'], [400, 401, 403, 404]);

/** The export's columns: the import's field names first (so an export imports back as it is), then the rest. */
const MEMBER_HEADER = [
  EXPORT_HEADERS.firstName,
  EXPORT_HEADERS.lastName,
  EXPORT_HEADERS.email,
  EXPORT_HEADERS.phone,
  EXPORT_HEADERS.membershipCode,
  EXPORT_HEADERS.tier,
  EXPORT_HEADERS.points,
  EXPORT_HEADERS.lifetimeSpend,
  'Status',
  'Joined',
];
const LEDGER_HEADER = [
  'Date',
  EXPORT_HEADERS.membershipCode,
  EXPORT_HEADERS.firstName,
  EXPORT_HEADERS.lastName,
  'Type',
  EXPORT_HEADERS.points,
  'Amount',
  'Reason',
  'Entry id',
  'Reverses entry',
];

type LedgerRow = {
  id: string;
  createdAt: Date;
  membershipCode: string;
  firstName: string;
  lastName: string;
  type: string;
  points: number;
  amount: string | null;
  reason: string | null;
  reversesId: string | null;
};

async function* ledgerLines(chunks: AsyncIterable<LedgerRow[]>) {
  for await (const chunk of chunks)
    yield chunk.map((e) => [
      e.createdAt.toISOString(),
      e.membershipCode,
      e.firstName,
      e.lastName,
      e.type,
      e.points,
      e.amount === null ? null : Number(e.amount),
      e.reason,
      e.id,
      e.reversesId,
    ]);
}

const stamp = () => new Date().toISOString().slice(0, 10);

/** CSV downloads (DESIGN §8 Import, export, audit): members with the list's filters, and the points ledger. */
export const memberExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/member/export.csv',
    route.admin({
      summary: 'The members list with its filters as CSV (UTF-8 with BOM, streamed; formula-like text made inert)',
      querystring: membersExportQuerySchema,
      produces: ['text/csv'],
      response: {},
    }),
    async (request, reply) => {
      async function* lines() {
        for await (const chunk of exportMembers(app.db, request.tenant.tenantId, request.query))
          yield chunk.map((m) => [
            m.firstName,
            m.lastName,
            m.email,
            m.phone,
            m.membershipCode,
            m.membershipLevelName,
            m.pointsBalance,
            Number(m.lifetimeSpend),
            m.status,
            m.createdAt.toISOString(),
          ]);
      }
      return sendCsv(reply, `members-${stamp()}.csv`, MEMBER_HEADER, lines());
    },
  );

  app.get(
    '/api/tenants/member/:id/transactions.csv',
    route.admin({
      summary: 'One member’s points ledger as CSV, oldest first',
      params: memberIdParamsSchema,
      produces: ['text/csv'],
      response: {},
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
      response: {},
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
