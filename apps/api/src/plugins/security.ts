import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * What an API answer (JSON, never a page) may load: nothing. OWASP's REST advice; stricter than the pages'
 * policy, and a fifth of its length, which counts on every small answer (the policy is ~500 bytes that
 * Node checks character by character on each response).
 */
const API_CSP =
  "default-src 'none'; script-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/**
 * Of helmet's headers, those that mean something on an answer that is never rendered as a page (OWASP's REST
 * Security Cheat Sheet, "Security Headers"). The rest (Origin-Agent-Cluster, X-DNS-Prefetch-Control,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection, Cross-Origin-Opener-Policy)
 * only steer how a browser treats a document, and every header is work on every small answer.
 */
const API_HEADERS = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
];

/**
 * Security headers. The pages' content security policy is strict except where the Firebase JS SDK must
 * reach Google's identity endpoints (or the local emulator), load Google sign-in and reCAPTCHA, and frame
 * them. API answers carry a policy that allows nothing, the headers of API_HEADERS, and `no-store`: tenant
 * data has no business in a browser's disk cache (an uploaded file, served for good, sets its own).
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { emulatorHost, web } = opts.config.firebase;
  const emulator = emulatorHost ? [`http://${emulatorHost}`, `ws://${emulatorHost}`] : [];
  const pageHeaders = staticHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the counter compile its barcode decoder (zxing-wasm, from our own origin);
        // it allows WebAssembly only, not eval() of JavaScript.
        scriptSrc: [
          "'self'",
          "'wasm-unsafe-eval'",
          'https://apis.google.com',
          'https://www.google.com',
          'https://www.gstatic.com',
        ],
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
  const apiHeaders: Record<string, string> = { 'content-security-policy': API_CSP, 'cache-control': 'no-store' };
  for (const name of API_HEADERS) if (pageHeaders[name]) apiHeaders[name] = pageHeaders[name];
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : pageHeaders);
    done();
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
