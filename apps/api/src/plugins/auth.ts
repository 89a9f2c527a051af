import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FirebaseAdmin, IdentityClaims } from '../firebase/admin';
import { unauthorized } from '../lib/errors';
import type { ApiKeyPrincipal, ApiKeyVerifier } from '../modules/api-keys';

declare module 'fastify' {
  interface FastifyInstance {
    firebase: FirebaseAdmin;
    apiKeys: ApiKeyVerifier;
    /**
     * preHandler: verifies the bearer, a Firebase ID token (sets request.identity) or an API key (sets
     * request.apiKey), or answers 401. Which routes a key may reach is the access plugin's business.
     */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    identity: IdentityClaims;
    /** Set instead of identity when the bearer is an API key (`lpk_…`). */
    apiKey: ApiKeyPrincipal | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
const KEY_BEARER = /^Bearer (lpk_\S+)$/;

export const authPlugin = fp(
  async (app: FastifyInstance, opts: { firebase: FirebaseAdmin; apiKeys: ApiKeyVerifier }) => {
    app.decorate('firebase', opts.firebase);
    app.decorate('apiKeys', opts.apiKeys);
    app.decorateRequest('identity', null as unknown as IdentityClaims);
    app.decorateRequest('apiKey', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) throw unauthorized('Missing bearer token');
      const key = KEY_BEARER.exec(header.trim());
      if (key?.[1]) {
        const principal = await opts.apiKeys.verify(key[1]);
        if (!principal) throw unauthorized('Invalid API key');
        request.apiKey = principal;
        // The key acts as itself: every log line of the request names it.
        request.log = request.log.child({ apiKeyId: principal.id });
        return;
      }
      const match = BEARER.exec(header.trim());
      if (!match?.[1]) throw unauthorized('Malformed bearer token');
      try {
        request.identity = await opts.firebase.verifyToken(match[1]);
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'unknown';
        request.log.info({ code }, 'token rejected');
        throw unauthorized(code === 'auth/id-token-expired' ? 'Token expired' : 'Invalid token');
      }
    });
  },
);
