import type { ApiKeyScope, Role } from '@loyalty/contracts';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from '../lib/access-levels';
import { forbidden } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The API key scope that opens this route to a key; a route without one refuses every key (403). */
    scope?: ApiKeyScope;
  }
  interface FastifyInstance {
    /** Every /api route with the access it declared, in registration order (the route-walk test reads it). */
    routeAccess: { method: string; url: string; access: Access; scope?: ApiKeyScope }[];
  }
}

const RANK: Record<Role, number> = { staff: 1, admin: 2, owner: 3 };

/** True when `role` is at least `min` (owner ⊇ admin ⊇ staff). */
const hasRole = (role: Role, min: Role) => RANK[role] >= RANK[min];

/**
 * A key reaches only the routes whose declared scope it holds, and only its own tenant. It then stands in for
 * an admin of that tenant (its scopes already narrow what it can do); `actorOf` names it in logs and audits.
 */
function admitKey(request: FastifyRequest): void {
  const key = request.apiKey;
  if (!key) return;
  const scope = request.routeOptions.config.scope;
  if (!scope || !key.scopes.includes(scope)) throw forbidden('This API key does not allow this call.', 'API_KEY_SCOPE');
  const header = request.headers['x-tenant-id'];
  const wanted = Array.isArray(header) ? header[0] : header;
  if (wanted && wanted !== key.tenantId) throw forbidden();
  request.tenant = {
    tenantId: key.tenantId,
    tenantStatus: 'ACTIVE',
    accountId: '',
    tenantUserId: '',
    role: 'admin',
    status: 'ACTIVE',
  };
}

const refuseKeys: onRequestAsyncHookHandler = async (request) => {
  if (request.apiKey) throw forbidden('API keys cannot use this call.', 'API_KEY_SCOPE');
};

/** For rules finer than a route (staff may record a purchase but not adjust points): 403 unless at least min. */
export function assertRole(request: FastifyRequest, min: Role): void {
  if (!hasRole(request.tenant.role, min)) throw forbidden('Your role does not allow this action.', 'ROLE_FORBIDDEN');
}

// Documentation routes registered by @fastify/swagger-ui carry no config of ours; they hold no data.
const isDocs = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');

/**
 * The one place authorization is attached. A route states its access; this hook puts the guards in front
 * of it (in onRequest, so a refused caller never gets as far as body validation). A /api route without
 * a declared access fails at start-up: there is no way to add an unguarded tenant route by forgetting.
 */
export const accessPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('routeAccess', []);
  // One hook per access level, not one per step: each hook is a promise Fastify settles on every request.
  const guards = new Map<Access, onRequestAsyncHookHandler[]>();
  const guardFor = (access: Access): onRequestAsyncHookHandler[] => {
    let list = guards.get(access);
    if (list) return list;
    if (access === 'public') list = [];
    else if (access === 'account') list = [app.authenticate, refuseKeys];
    else {
      const min = access;
      list = [
        async (request) => {
          await app.authenticate(request);
          if (request.apiKey) admitKey(request);
          else await app.requireTenant(request);
          if (!hasRole(request.tenant.role, min))
            throw forbidden('Your role does not allow this action.', 'ROLE_FORBIDDEN');
        },
      ];
    }
    guards.set(access, list);
    return list;
  };

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || isDocs(route.url)) return;
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    const own =
      route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
    const list = guardFor(access);
    // Fastify calls onRoute again for the HEAD twin of a GET with the options already guarded.
    if (list.length > 0 && own.includes(list[0] as never)) return;
    route.onRequest = [...list, ...own] as typeof route.onRequest;
    if (route.method === 'HEAD') return;
    const scope = route.config?.scope;
    app.routeAccess.push({ method: String(route.method), url: route.url, access, ...(scope ? { scope } : {}) });
  });
});
