import { ENROLMENT_MESSAGES, ERASE_SIGN_IN_MAX_AGE_SECONDS, PRIVACY_MESSAGES } from '@loyalty/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { EnrolmentConfig } from '../../config';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { tooMany } from '../../plugins/rate-limit';
import { findJoinPage } from '../enrolment/repository';
import { findMemberRowByPhone } from '../members/repository';

const MINUTE = 60_000;

/**
 * The card page's guards, as the enrolment's public routes have them: rate limits per address and per business
 * before anything is read (the same budgets: the groups are shared), then the customer's verified phone (from
 * the token only, never a body; an API key is no customer) and the member it is at this business.
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

  /** The member the token's phone is at the page's business; 404 for an unknown page or no member. */
  async function cardMember(request: FastifyRequest, reply: FastifyReply) {
    const page = await findJoinPage(app.db, slugOf(request));
    if (!page) throw notFound(ENROLMENT_MESSAGES.notFound);
    await app.authenticate(request);
    if (request.apiKey || !request.identity) throw forbidden('API keys cannot use this call.', 'API_KEY_SCOPE');
    const { phone } = request.identity;
    if (!phone) throw forbidden('Sign in with your phone number first.');
    await perPhone(request, reply);
    const member = await findMemberRowByPhone(app.db, page.tenantId, phone);
    if (!member) throw notFound(ENROLMENT_MESSAGES.notMember);
    return { tenantId: page.tenantId, memberId: member.userId, membershipCode: member.membershipCode };
  }

  /**
   * Deleting a card needs the person holding the phone now, not a token left on a shared device: an SMS sign-in
   * of the last five minutes (Firebase's auth_time; a refreshed token keeps the sign-in's time).
   */
  function assertRecentSmsSignIn(request: FastifyRequest) {
    const { authTime, signInProvider } = request.identity;
    const age = authTime === undefined ? Number.POSITIVE_INFINITY : Date.now() / 1000 - authTime;
    if (signInProvider !== 'phone' || age > ERASE_SIGN_IN_MAX_AGE_SECONDS)
      throw new AppError(403, PRIVACY_MESSAGES.recentSignIn, { error: 'FORBIDDEN', code: 'RECENT_SIGN_IN_REQUIRED' });
  }

  return { guarded, cardMember, assertRecentSmsSignIn };
}
