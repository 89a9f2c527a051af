import { ENROLMENT_MESSAGES } from '@loyalty/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  onRequestAsyncHookHandler,
} from 'fastify';
import type { ZodType, z } from 'zod';
import type { EnrolmentConfig } from '../../config';
import { forbidden, notFound } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { tooMany } from '../../plugins/rate-limit';
import { findMemberRowByPhone } from '../members';
import { findJoinPage } from './repository';

const MINUTE = 60_000;

/** Every customer call is public in the OpenAPI document, with the same error answers. */
const route = routeRecipe(['public'], [400, 401, 403, 404]);
type CustomerSchema = Parameters<typeof route.public>[0];

/** The member of the customer's card at the page's business, as `cardMember` finds it. */
type CardMember = Awaited<ReturnType<ReturnType<typeof customerGuards>['cardMember']>>;

/** The request of a card call, its `:params` and body read by the route's zod schemas. */
type CardRequest<P extends ZodType, B extends ZodType> = FastifyRequest & { params: z.output<P>; body: z.output<B> };

/**
 * The guards of every customer call (the join page's, the card page's and the customer's own data): rate limits
 * per address and per business before anything is read, and per phone once the token is verified, so until
 * then no answer can depend on a phone. The phone comes from the customer's sign-in token only, never a body.
 */
export function customerGuards(app: FastifyInstance, config: EnrolmentConfig) {
  const limit = (group: string, max: number, key: (r: FastifyRequest) => string) => {
    const check = app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: (r) => `${group}:${key(r)}` });
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooMany(reply, result.ttl);
    };
  };
  const slugOf = (r: FastifyRequest) => String((r.params as { slug?: string }).slug ?? '').toLowerCase();
  const perIp = limit('public-ip', config.perIpPerMinute, (r) => r.ip);
  const perTenant = limit('public-tenant', config.perTenantPerMinute, slugOf);
  const perPhone = limit('public-phone', config.perPhonePerMinute, (r) => r.identity.phone ?? '');
  const guarded: onRequestAsyncHookHandler = async (request, reply) => {
    await perIp(request, reply);
    await perTenant(request, reply);
  };

  /**
   * The customer's verified phone: the token's phone_number claim. An API key is a business's integration,
   * never a customer: it has no phone (and no identity), so it is refused like a key on any account call (403),
   * not let through to code that expects a person.
   */
  async function verifiedPhone(request: FastifyRequest, reply: FastifyReply) {
    await app.authenticate(request);
    if (request.apiKey || !request.identity) throw forbidden('API keys cannot use this call.', 'API_KEY_SCOPE');
    const { phone } = request.identity;
    if (!phone) throw forbidden('Sign in with your phone number first.');
    await perPhone(request, reply);
    return phone;
  }

  /** The page of the request's slug, open or closed (a closed page stops new members, not cards); 404 unknown. */
  async function anyPage(request: FastifyRequest) {
    const page = await findJoinPage(app.db, slugOf(request));
    if (!page) throw notFound(ENROLMENT_MESSAGES.notFound);
    return page;
  }

  /** The page, the token's phone and the member that phone is at the page's business; 404 for no member. */
  async function cardMember(request: FastifyRequest, reply: FastifyReply) {
    const page = await anyPage(request);
    const phone = await verifiedPhone(request, reply);
    const member = await findMemberRowByPhone(app.db, page.tenantId, phone);
    if (!member) throw notFound(ENROLMENT_MESSAGES.notMember);
    return { page, phone, member, tenantId: page.tenantId, memberId: member.userId };
  }

  /** The options of a customer route: public (its tags and error answers) and behind the guards above. */
  const customerRoute = <const R extends CustomerSchema>(schema: R) => ({
    ...route.public(schema),
    onRequest: guarded,
  });

  /**
   * A call on the customer's own card (`:slug`): a customer route whose handler is given the card's member (the
   * page, the token's phone and the member; 404 for no member) before it runs.
   */
  function cardRoute<P extends ZodType, B extends ZodType = ZodType>(
    method: HTTPMethods,
    url: string,
    schema: CustomerSchema & { params: P; body?: B },
    handle: (request: CardRequest<P, B>, reply: FastifyReply, member: CardMember) => Promise<unknown>,
  ) {
    // Fastify cannot resolve a reply type from the recipe's generic error statuses: `handle`'s types tie it instead.
    const options = route.public(schema) as { config: { access: 'public' }; schema: FastifySchema };
    app.route({
      method,
      url,
      ...options,
      onRequest: guarded,
      handler: async (request, reply) => handle(request as CardRequest<P, B>, reply, await cardMember(request, reply)),
    });
  }

  return { guarded, verifiedPhone, anyPage, cardMember, customerRoute, cardRoute };
}
