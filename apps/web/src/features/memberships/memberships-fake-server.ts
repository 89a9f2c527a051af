import {
  DEFAULT_TIER_POLICY,
  type Membership,
  membershipBodySchema,
  membershipListQuerySchema,
  type TierPolicy,
  type TierPolicyPreview,
  tierPolicyPreviewBodySchema,
  tierPolicySchema,
} from '@loyalty/contracts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const tier = (n: number, over: Partial<Membership> = {}): Membership => ({
  id: `tier-${n}`,
  name: `Tier ${n}`,
  nameZh: null,
  nameCn: null,
  description: null,
  descriptionZh: null,
  descriptionCn: null,
  color: '#336699',
  icon: null,
  minSpendAmount: null,
  maxSpendAmount: null,
  discountPercentage: null,
  benefits: [],
  benefitsZh: [],
  benefitsCn: [],
  cardImageUrl: null,
  walletBannerUrl: null,
  isActive: true,
  sortOrder: n,
  ...over,
});

type Call = { method: string; path: string; body?: unknown; headers: Headers };

/**
 * A fake /api/memberships and upload call: queries and bodies checked with the contracts, calls recorded.
 * `hold` delays the detail answer until the test releases it; `failures` makes the next list calls fail.
 */
export function fakeMembershipsServer(initial: Membership[]) {
  const state = {
    tiers: [...initial],
    calls: [] as Call[],
    listFailures: 0,
    nextError: null as null | { status: number; body: unknown },
    hold: null as null | Promise<void>,
    uploads: 0,
    policy: { ...DEFAULT_TIER_POLICY } as TierPolicy,
    /** The tier policy card's calls, apart from the tiers' own. */
    policyCalls: [] as Call[],
  };
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const call: Call = { method, path: url.pathname + url.search, headers };
    if (url.pathname.startsWith('/api/tenants/tier-policy')) {
      state.policyCalls.push(call);
      return tierPolicyAnswer(state, url.pathname, method, init, call);
    }
    state.calls.push(call);
    if (url.pathname === '/api/oci-object-storage') {
      const form = init?.body as FormData;
      if (!(form.get('file') instanceof File)) return json(400, { status: 400, message: 'no file' });
      state.uploads += 1;
      return json(200, { message: `/files/t-1/upload-${state.uploads}.png` });
    }
    if (state.nextError && method !== 'GET') {
      const { status, body } = state.nextError;
      state.nextError = null;
      return json(status, body);
    }
    if (url.pathname === '/api/memberships' && method === 'GET') {
      if (state.listFailures > 0) {
        state.listFailures -= 1;
        return json(500, { status: 500, message: 'Database unavailable' });
      }
      const q = membershipListQuerySchema.parse(Object.fromEntries(url.searchParams));
      const content = state.tiers.slice(q.page * q.size, (q.page + 1) * q.size);
      const totalPages = Math.ceil(state.tiers.length / q.size);
      return json(200, {
        content,
        totalElements: state.tiers.length,
        totalPages,
        number: q.page,
        size: q.size,
        numberOfElements: content.length,
        first: q.page === 0,
        last: q.page >= totalPages - 1,
      });
    }
    if (url.pathname === '/api/memberships' && method === 'POST') {
      const raw = JSON.parse(String(init?.body));
      call.body = raw;
      const body = membershipBodySchema.parse(raw);
      const created: Membership = {
        ...body,
        id: `tier-new-${state.tiers.length}`,
        benefits: body.benefits.map((benefit) => ({ benefit })),
        benefitsZh: body.benefitsZh.map((benefit) => ({ benefit })),
        benefitsCn: body.benefitsCn.map((benefit) => ({ benefit })),
      };
      state.tiers.push(created);
      return json(201, created);
    }
    const match = /^\/api\/memberships\/([^/]+)$/.exec(url.pathname);
    const index = state.tiers.findIndex((t) => t.id === match?.[1]);
    if (!match || index < 0) return json(404, { status: 404, message: 'Membership not found' });
    if (method === 'GET') {
      if (state.hold) await state.hold;
      return json(200, state.tiers[index]);
    }
    if (method === 'PUT') {
      const raw = JSON.parse(String(init?.body));
      call.body = raw;
      const body = membershipBodySchema.parse(raw);
      const updated: Membership = {
        ...body,
        id: match[1] as string,
        benefits: body.benefits.map((benefit) => ({ benefit })),
        benefitsZh: body.benefitsZh.map((benefit) => ({ benefit })),
        benefitsCn: body.benefitsCn.map((benefit) => ({ benefit })),
      };
      state.tiers[index] = updated;
      return json(200, updated);
    }
    if (method === 'DELETE') {
      state.tiers.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return json(405, { status: 405, message: 'Method not allowed' });
  };
  return { state, fetch };
}

/**
 * The tier policy and its preview: bodies checked with the contracts. An edited policy's preview (POST) moves 2
 * members up (one named), 3 down unless it never moves anyone down, and starts 1 grace period; the saved policy's
 * (GET) moves 2 up and nobody down, naming nobody.
 */
function tierPolicyAnswer(
  state: { policy: TierPolicy },
  path: string,
  method: string,
  init: RequestInit | undefined,
  call: Call,
) {
  if (path === '/api/tenants/tier-policy' && method === 'GET') return json(200, state.policy);
  if (path === '/api/tenants/tier-policy' && method === 'PUT') {
    call.body = JSON.parse(String(init?.body));
    const body = tierPolicySchema.parse(call.body);
    state.policy = { ...body, months: body.months ?? null, saved: true };
    return json(200, state.policy);
  }
  const preview = (downgrades: number, named: boolean): TierPolicyPreview => ({
    runsAt: '2026-12-01T00:00:00.000Z',
    upgrades: 2,
    downgrades,
    inGrace: named ? 1 : 0,
    sample: named
      ? [{ memberId: 'm-1', name: 'Mia Chen', direction: 'UP', fromTier: null, toTier: { id: 't1', name: 'Gold' } }]
      : [],
  });
  if (method === 'GET') return json(200, preview(0, false));
  call.body = JSON.parse(String(init?.body));
  const { policy } = tierPolicyPreviewBodySchema.parse(call.body);
  return json(200, preview(policy.downgrade === 'NONE' ? 0 : 3, true));
}
