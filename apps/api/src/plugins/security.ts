import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Security headers. The content security policy is strict except where the Firebase JS SDK must reach
 * Google's identity endpoints (or the local emulator), load Google sign-in and reCAPTCHA, and frame them.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { emulatorHost, web } = opts.config.firebase;
  const emulator = emulatorHost ? [`http://${emulatorHost}`, `ws://${emulatorHost}`] : [];
  const headers = staticHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com', 'https://www.google.com', 'https://www.gstatic.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://www.googleapis.com',
          ...emulator,
        ],
        frameSrc: [`https://${web.authDomain}`, 'https://www.google.com', 'https://accounts.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google sign-in popups talk back to the opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});

/**
 * The headers helmet sets, worked out once. They depend on nothing in the request (no CSP nonces), and
 * @fastify/helmet built a new helmet middleware, CSP parsing included, for every request: 15 % of the CPU of
 * a small authenticated read.
 */
function staticHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as never, recorder, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}
