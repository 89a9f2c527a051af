import { IDENTITY_ERROR } from '@loyalty/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { forgetInFlightVersions } from '../db/list-version';
import { AppError } from '../lib/errors';
import { findMembership, type Membership } from './membership';
import { createMembershipCache, type MembershipCache } from './membership-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that can change no role, status or tenant (points recorded on a member): it leaves the
     * membership cache as it is. Without it every purchase made every caller's next request read its
     * membership again, a round trip per request under write traffic.
     */
    keepsMemberships?: boolean;
  }
  interface FastifyInstance {
    db: Database;
    /** Recently read memberships; cleared by every write through this instance. */
    memberships: MembershipCache;
    /** preHandler after authenticate: resolves the caller's tenant once; repositories take it as an argument. */
    requireTenant(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    tenant: Membership;
  }
}

const UUIDISH = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The tenant named by X-Tenant-Id, or else the caller's first tenant. A tenant the caller does not belong
 * to is the same 403 as an unknown one, so the answer reveals nothing about other tenants.
 */
export async function resolveMembership(app: FastifyInstance, request: FastifyRequest): Promise<Membership> {
  const header = request.headers['x-tenant-id'];
  const wanted = Array.isArray(header) ? header[0] : header;
  if (wanted !== undefined && !UUIDISH.test(wanted)) throw new AppError(403, 'Forbidden', { error: 'FORBIDDEN' });
  const { uid } = request.identity;
  const membership = await app.memberships.get(uid, wanted || undefined, () =>
    findMembership(app.db, uid, wanted || undefined),
  );
  if (membership) return membership;
  if (wanted) throw new AppError(403, 'Forbidden', { error: 'FORBIDDEN' });
  throw new AppError(403, 'This account does not belong to any business.', { error: IDENTITY_ERROR.noTenant });
}

/** Why an account that belongs to the tenant may still not use it yet, as the member-identity codes say. */
export function membershipBlock(m: Membership): AppError | undefined {
  if (m.status === 'INACTIVE') return new AppError(403, 'This user is inactive.', { error: IDENTITY_ERROR.inactive });
  if (m.status === 'PENDING_VERIFICATION' || m.tenantStatus === 'PENDING_VERIFICATION') {
    return new AppError(403, 'Phone verification is pending.', {
      error: IDENTITY_ERROR.pending,
      tenantId: m.tenantId,
      userId: m.accountId,
    });
  }
  return undefined;
}

const READ = new Set(['GET', 'HEAD', 'OPTIONS']);

export const tenantPlugin = fp(async (app: FastifyInstance, opts: { db: Database }) => {
  app.decorate('db', opts.db);
  app.decorate('memberships', createMembershipCache());
  app.decorateRequest('tenant', null as unknown as Membership);
  // Any write may have changed a role, a status, a tenant or a list: cheaper to forget all than to track which.
  // onSend runs after the handler's transaction has committed and before the client can see the answer.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ.has(request.method)) {
      if (!request.routeOptions.config.keepsMemberships) app.memberships.clear();
      forgetInFlightVersions(opts.db);
    }
    done(null, payload);
  });
  app.decorate('requireTenant', async (request: FastifyRequest) => {
    const membership = await resolveMembership(app, request);
    const block = membershipBlock(membership);
    if (block) throw block;
    request.tenant = membership;
  });
});
