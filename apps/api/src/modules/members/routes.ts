import {
  counterMemberSchema,
  createMemberSchema,
  memberCodeParamsSchema,
  memberDetailSchema,
  memberIdParamsSchema,
  membersPageSchema,
  membersQuerySchema,
  transactionsPageSchema,
  transactionsQuerySchema,
  updateMemberSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { pageAnswer, routeRecipe } from '../../lib/route-recipe';
import { createVersionedCache, sendTenantList } from '../../lib/versioned-cache';
import { listLedger } from '../ledger';
import { createAnchorCache } from './page-anchors';
import { findMemberRow } from './repository';
import { addMember, counterMember, deleteMember, memberDetail, memberPage, updateMember } from './service';
import { createTierNameCache } from './tier-names';

const route = routeRecipe(['members'], [400, 401, 403, 404, 409]);

/** Members of the caller's tenant on a points ledger (docs/design.md §4): staff read and record, admin and owner write. */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const pages = createVersionedCache<string>();
  const listCaches = { anchors: createAnchorCache(), tierNames: createTierNameCache() };
  app.get(
    '/api/tenants/member',
    route.staff(
      {
        summary: 'Members, newest first, paged and searched on the server; balances exclude expired points',
        querystring: membersQuerySchema,
        response: { 200: membersPageSchema },
      },
      'members:read',
    ),
    async (request, reply) => {
      const { page, size, search, tierId, status, branchId } = request.query;
      const { tenantId } = request.tenant;
      // A page read once is served again until the tenant's list version moves (lib/versioned-cache.ts).
      const key = [page, size, search?.trim() ?? '', tierId ?? '', status ?? '', branchId ?? ''];
      return sendTenantList(reply, pages, { db: app.db, tenantId, key, schema: membersPageSchema }, (version) =>
        memberPage(app.db, listCaches, tenantId, request.query, version),
      );
    },
  );

  route.create(
    app,
    '/api/tenants/member',
    {
      summary: 'Add a member; the membership code is generated and never reused',
      body: createMemberSchema,
      response: memberDetailSchema,
    },
    (request) => addMember(app.db, app.changes, request.tenant.tenantId, request.body, recordChangeOf(request)),
    'members:write',
  );

  app.get(
    '/api/tenants/member/by-code/:code',
    route.staff(
      {
        summary:
          'The counter: the member with this membership code (any letter case), or else with this phone (+ and digits; spaces, dashes, dots and brackets ignored); the detail plus the earn terms',
        params: memberCodeParamsSchema,
        response: { 200: counterMemberSchema },
      },
      'members:read',
    ),
    async (request) => counterMember(app.db, request.tenant.tenantId, request.params.code),
  );

  app.get(
    '/api/tenants/member/:id',
    route.staff(
      {
        summary: 'One member with tier, lifetime spend, balance, points expiring next and the next tier',
        params: memberIdParamsSchema,
        response: { 200: memberDetailSchema },
      },
      'members:read',
    ),
    async (request) => memberDetail(app.db, request.tenant.tenantId, request.params.id),
  );

  app.put(
    '/api/tenants/member/:id',
    route.admin(
      {
        summary: 'Edit a member; a tier pins it, null follows lifetime spend',
        params: memberIdParamsSchema,
        body: updateMemberSchema,
        response: { 200: memberDetailSchema },
      },
      'members:write',
    ),
    async (request) => {
      await updateMember(
        app.db,
        app.changes,
        request.tenant.tenantId,
        request.params.id,
        request.body,
        recordChangeOf(request),
      );
      return memberDetail(app.db, request.tenant.tenantId, request.params.id);
    },
  );

  route.remove(
    app,
    '/api/tenants/member/:id',
    {
      summary: 'Erase a member: the person goes (name, phone, e-mail, code), the ledger stays for the figures',
      params: memberIdParamsSchema,
    },
    (request) =>
      deleteMember(
        { db: app.db, feed: app.changes, auth: app.firebase.auth, log: request.log },
        request.tenant.tenantId,
        request.params.id,
        recordChangeOf(request),
      ),
    'members:write',
  );

  app.get(
    '/api/tenants/member/:id/transactions',
    route.staff(
      {
        summary: 'The member’s points ledger, newest first, paged',
        params: memberIdParamsSchema,
        querystring: transactionsQuerySchema,
        response: { 200: transactionsPageSchema },
      },
      'members:read',
    ),
    async (request) => {
      const { tenantId } = request.tenant;
      if (!(await findMemberRow(app.db, tenantId, request.params.id))) throw notFound('Member not found');
      const { page, size, branchId } = request.query;
      return pageAnswer(request.query, listLedger(app.db, tenantId, request.params.id, page, size, branchId));
    },
  );
};
