import { type Setup, setupBodySchema } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/** Stands in for '@/lib/api' in the checklist's tests: the setup record and a dashboard the page also reads. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

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

async function handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://localhost');
  const method = init?.method ?? 'GET';
  if (url.pathname === '/api/tenants/setup') {
    if (method === 'GET') {
      server.setupGets += 1;
      return json(200, server.setup);
    }
    const parsed = setupBodySchema.safeParse(JSON.parse(String(init?.body)));
    if (!parsed.success) return json(400, { status: 400, message: 'Validation failed' });
    server.setup = { ...server.setup, dismissed: parsed.data.dismissed };
    return json(200, server.setup);
  }
  if (url.pathname === '/api/dashboard') return json(200, dashboard);
  return json(404, { status: 404, message: 'Not found' });
}

export const api = createApiClient({ getToken: async () => 'token', getTenantId: () => 't-1', fetch: handle });
