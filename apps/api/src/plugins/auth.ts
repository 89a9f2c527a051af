import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FirebaseAdmin, IdentityClaims } from '../firebase/admin';
import { unauthorized } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    firebase: FirebaseAdmin;
    /** preHandler: verifies the bearer token and sets request.identity, or answers 401. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
  interface FastifyRequest {
    identity: IdentityClaims;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;

export const authPlugin = fp(async (app: FastifyInstance, opts: { firebase: FirebaseAdmin }) => {
  app.decorate('firebase', opts.firebase);
  app.decorateRequest('identity', null as unknown as IdentityClaims);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Missing bearer token');
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
});
