import {
  AUTOMATION_MESSAGES,
  automationInputSchema,
  automationParamsSchema,
  automationPreviewBodySchema,
  automationPreviewSchema,
  automationRunsQuerySchema,
  automationRunsSchema,
  automationSchema,
  automationsListSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordChangeOf } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { automationRuns, previewAutomation } from './report';
import { findAutomationOfKind, findAutomationRow } from './repository';
import { getAutomation, listAutomations, removeAutomation, saveAutomation } from './service';

const route = routeRecipe(['automations'], [400, 401, 403, 404, 409]);

/** Automations (docs/design.md §10): admin or owner only, reading as writing. */
export const automationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/tenants/automations',
    route.admin({ summary: 'The business’s automations, one per kind', response: { 200: automationsListSchema } }),
    async (request) => listAutomations(app.db, request.tenant.tenantId),
  );
  route.create(
    app,
    '/api/tenants/automations',
    {
      summary: 'Create an automation; one per kind (409 AUTOMATION_EXISTS)',
      body: automationInputSchema,
      response: automationSchema,
    },
    (request) => saveAutomation(app.db, request.tenant.tenantId, request.body, recordChangeOf(request)),
  );
  app.post(
    '/api/tenants/automations/preview',
    route.admin({
      summary: 'How many members the automation (saved or not) reaches on each of the next seven days',
      body: automationPreviewBodySchema,
      response: { 200: automationPreviewSchema },
    }),
    async (request) => {
      const { tenantId } = request.tenant;
      const body = request.body.automation;
      const saved = await findAutomationOfKind(app.db, tenantId, body.kind);
      return previewAutomation(app.db, tenantId, body, saved, new Date());
    },
  );
  app.get(
    '/api/tenants/automations/:id',
    route.admin({ summary: 'One automation', params: automationParamsSchema, response: { 200: automationSchema } }),
    async (request) => getAutomation(app.db, request.tenant.tenantId, request.params.id),
  );
  app.put(
    '/api/tenants/automations/:id',
    route.admin({
      summary: 'Replace an automation',
      params: automationParamsSchema,
      body: automationInputSchema,
      response: { 200: automationSchema },
    }),
    async (request) =>
      saveAutomation(app.db, request.tenant.tenantId, request.body, recordChangeOf(request), request.params.id),
  );
  route.remove(
    app,
    '/api/tenants/automations/:id',
    { summary: 'Delete an automation (its log stays)', params: automationParamsSchema },
    (request) => removeAutomation(app.db, request.tenant.tenantId, request.params.id, recordChangeOf(request)),
  );
  app.get(
    '/api/tenants/automations/:id/runs',
    route.admin({
      summary: 'The automation’s log by the business’s day: members fired, messaged, points given',
      params: automationParamsSchema,
      querystring: automationRunsQuerySchema,
      response: { 200: automationRunsSchema },
    }),
    async (request) => {
      const { tenantId } = request.tenant;
      if (!(await findAutomationRow(app.db, tenantId, request.params.id))) throw notFound(AUTOMATION_MESSAGES.notFound);
      return automationRuns(app.db, tenantId, request.params.id, request.query, new Date());
    },
  );
};
