import {
  DEFAULT_TIER_POLICY,
  type Membership,
  type MembershipBody,
  membershipBodySchema,
  membershipListQuerySchema,
  type TierPolicy,
  type TierPolicyPreview,
  tierPolicyPreviewBodySchema,
  tierPolicySchema,
} from '@loyalty/contracts';

import {
  apiError,
  type FakeRequest,
  json,
  noContent,
  notFound,
  pageOf,
  type Route,
  type Routes,
  routeFetch,
} from '@/test/fake-api';

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

const asCall = (request: FakeRequest): Call => ({
  method: request.method,
  path: request.path + request.url.search,
  body: request.body instanceof FormData ? undefined : request.body,
  headers: request.headers,
});

const isPolicy = (request: FakeRequest) => request.path.startsWith('/api/tenants/tier-policy');

/** The tier as stored from a create or update body: benefits become `{ benefit }` rows. */
const stored = (body: MembershipBody, id: string): Membership => ({
  ...body,
  id,
  benefits: body.benefits.map((benefit) => ({ benefit })),
  benefitsZh: body.benefitsZh.map((benefit) => ({ benefit })),
  benefitsCn: body.benefitsCn.map((benefit) => ({ benefit })),
});

/**
 * A fake /api/memberships and upload call on the shared fake API: queries and bodies checked with the
 * contracts, calls recorded. `hold` delays the detail answer until the test releases it; `failures` makes the
 * next list calls fail; `nextError` answers the next write with an error.
 */
export function fakeMembershipsServer(initial: Membership[]) {
  const state = {
    tiers: [...initial],
    /** Every call but the tier policy card's, in order. */
    get calls(): Call[] {
      return requests.filter((r) => !isPolicy(r)).map(asCall);
    },
    /** The tier policy card's calls, apart from the tiers' own. */
    get policyCalls(): Call[] {
      return requests.filter(isPolicy).map(asCall);
    },
    listFailures: 0,
    nextError: null as null | { status: number; body: unknown },
    hold: null as null | Promise<void>,
    uploads: 0,
    policy: { ...DEFAULT_TIER_POLICY } as TierPolicy,
  };
  /** A write answers the error the test set up, once, instead of `route`. */
  const write =
    (route: Route): Route =>
    (request) => {
      if (!state.nextError) return route(request);
      const { status, body } = state.nextError;
      state.nextError = null;
      return json(body, status);
    };
  const find = (id: string | undefined) => state.tiers.findIndex((t) => t.id === id);
  const withTier =
    (route: (request: FakeRequest, index: number) => Response | Promise<Response>): Route =>
    (request) => {
      const index = find(request.params.id);
      return index < 0 ? notFound('Membership not found') : route(request, index);
    };
  const { fetch, requests } = routeFetch({
    ...tierPolicyRoutes(state),
    'POST /api/oci-object-storage': ({ body }) => {
      if (!((body as FormData).get('file') instanceof File)) return apiError(400, 'no file');
      state.uploads += 1;
      return json({ message: `/files/t-1/upload-${state.uploads}.png` });
    },
    'GET /api/memberships': ({ query }) => {
      if (state.listFailures > 0) {
        state.listFailures -= 1;
        return apiError(500, 'Database unavailable');
      }
      const q = membershipListQuerySchema.parse(query);
      return json(pageOf(state.tiers, q.page, q.size));
    },
    'POST /api/memberships': write(({ body }) => {
      const created = stored(membershipBodySchema.parse(body), `tier-new-${state.tiers.length}`);
      state.tiers.push(created);
      return json(created, 201);
    }),
    'GET /api/memberships/:id': withTier(async (_, index) => {
      if (state.hold) await state.hold;
      return json(state.tiers[index]);
    }),
    'PUT /api/memberships/:id': write(
      withTier(({ body, params }, index) => {
        const updated = stored(membershipBodySchema.parse(body), params.id as string);
        state.tiers[index] = updated;
        return json(updated);
      }),
    ),
    'DELETE /api/memberships/:id': write(
      withTier((_, index) => {
        state.tiers.splice(index, 1);
        return noContent();
      }),
    ),
  });
  return { state, fetch };
}

/**
 * The tier policy and its preview: bodies checked with the contracts. An edited policy's preview (POST) moves 2
 * members up (one named), 3 down unless it never moves anyone down, and starts 1 grace period; the saved policy's
 * (GET) moves 2 up and nobody down, naming nobody.
 */
function tierPolicyRoutes(state: { policy: TierPolicy }): Routes {
  const preview = (downgrades: number, named: boolean): TierPolicyPreview => ({
    runsAt: '2026-12-01T00:00:00.000Z',
    upgrades: 2,
    downgrades,
    inGrace: named ? 1 : 0,
    sample: named
      ? [{ memberId: 'm-1', name: 'Mia Chen', direction: 'UP', fromTier: null, toTier: { id: 't1', name: 'Gold' } }]
      : [],
  });
  return {
    'GET /api/tenants/tier-policy': () => json(state.policy),
    'PUT /api/tenants/tier-policy': ({ body }) => {
      const policy = tierPolicySchema.parse(body);
      state.policy = { ...policy, months: policy.months ?? null, saved: true };
      return json(state.policy);
    },
    'GET /api/tenants/tier-policy/preview': () => json(preview(0, false)),
    'POST /api/tenants/tier-policy/preview': ({ body }) => {
      const { policy } = tierPolicyPreviewBodySchema.parse(body);
      return json(preview(policy.downgrade === 'NONE' ? 0 : 3, true));
    },
  };
}
