import { type Setup, setupBodySchema } from '@loyalty/contracts';
import { apiError, json, type Routes, serveRoutes } from '@/test/fake-api';

/**
 * The checklist's API on the shared fake API (`vi.mock('@/lib/api', () => import('@/test/fake-api'))`): the
 * setup record and a dashboard the page also reads; `reset()` starts afresh and serves it.
 */
const fresh = (): Setup => ({
  steps: [
    { key: 'points', done: true, optional: false },
    { key: 'card', done: false, optional: true },
    { key: 'store', done: false, optional: false },
    { key: 'join', done: false, optional: false },
    { key: 'poster', done: false, optional: false },
    { key: 'firstMember', done: false, optional: false },
  ],
  dismissed: false,
});

export const server = {
  setup: fresh(),
  setupGets: 0,
  reset() {
    server.setup = fresh();
    server.setupGets = 0;
    serveRoutes(routes);
  },
};

const dashboard = {
  teamUsers: 1,
  members: { total: 0, active: 0 },
  pointsIssued: { thisMonth: 0, lastMonth: 0, trendPercent: null },
  pointsOutstanding: 0,
  liability: 0,
  walletCards: { count: 0, basis: 'members' },
  tierMix: [],
};

const routes: Routes = {
  'GET /api/tenants/setup': () => {
    server.setupGets += 1;
    return json(server.setup);
  },
  '/api/tenants/setup': ({ body }) => {
    const parsed = setupBodySchema.safeParse(body);
    if (!parsed.success) return apiError(400, 'Validation failed');
    server.setup = { ...server.setup, dismissed: parsed.data.dismissed };
    return json(server.setup);
  },
  '/api/dashboard': () => json(dashboard),
};
