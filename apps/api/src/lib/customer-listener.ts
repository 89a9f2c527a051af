import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * What a customer's phone needs, and nothing else (docs/configuration.md, "A phone on your network"): the join
 * and card pages and their assets, the public calls they make, uploaded logos, the legal pages and the Apple
 * Wallet web service. The staff portal, the admin API, the OpenAPI document and the backup call are not here.
 */
const CUSTOMER_PATHS: readonly RegExp[] = [
  /^\/(?:join|card)\/[^/?#]+\/?(?:[?#]|$)/,
  /^\/api\/public\//,
  /^\/api\/passkit\//,
  /^\/assets\//,
  /^\/files\//,
  /^\/(?:terms|privacy)(?:[?#]|$)/,
  /^\/(?:customer-preload\.js|favicon\.svg)(?:[?#]|$)/,
];

/**
 * The Auth emulator's calls of a phone sign-in (firebase/auth: send the code, sign in with it, read the account,
 * refresh the token, the reCAPTCHA settings). Only these are passed on: the emulator's own endpoints (its
 * accounts list, its codes, e-mail sign-up) stay on this machine.
 */
const EMULATOR_PATHS: readonly RegExp[] = [
  /^\/identitytoolkit\.googleapis\.com\/v1\/accounts:(?:sendVerificationCode|signInWithPhoneNumber|lookup)(?:\?|$)/,
  /^\/identitytoolkit\.googleapis\.com\/v1\/recaptchaParams(?:\?|$)/,
  /^\/identitytoolkit\.googleapis\.com\/v2\/recaptchaConfig(?:\?|$)/,
  /^\/securetoken\.googleapis\.com\/v1\/token(?:\?|$)/,
];

const FIREBASE_CONFIG = /^\/api\/public\/firebase-config(?:\?|$)/;

export const isCustomerPath = (url: string) => CUSTOMER_PATHS.some((path) => path.test(url));

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ status: 404, error: 'NOT_FOUND', message: 'Not served on the customer address' }));
}

/** Passes a phone sign-in call to the emulator as it came, and its answer back. */
function toEmulator(emulatorHost: string, req: IncomingMessage, res: ServerResponse) {
  const [hostname, port] = emulatorHost.split(':');
  const upstream = httpRequest(
    {
      hostname,
      port: Number(port),
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: emulatorHost },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ status: 502, error: 'AUTH_EMULATOR_UNREACHABLE', message: 'Sign-in is unavailable' }));
  });
  req.pipe(upstream);
}

/**
 * The Firebase settings as the main address answers them, with the emulator at this listener's own address:
 * the phone reaches the emulator's sign-in calls through here (EMULATOR_PATHS), never the emulator itself.
 */
async function firebaseConfig(app: FastifyInstance, req: IncomingMessage, res: ServerResponse) {
  const answer = await app.inject({ method: 'GET', url: '/api/public/firebase-config' });
  const body = answer.json() as { emulatorHost?: string };
  if (body.emulatorHost && req.headers.host) body.emulatorHost = req.headers.host;
  res.writeHead(answer.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

/**
 * CUSTOMER_LISTEN: a second HTTP server on a network address that hands the customer's requests to the same
 * app and answers 404 to everything else, so a phone on the LAN can join while the admin API and the Auth
 * emulator stay on loopback. The page policy's connect-src 'self' covers the sign-in calls made through it.
 */
export async function startCustomerListener(
  app: FastifyInstance,
  address: { host: string; port: number },
  emulatorHost: string | undefined,
): Promise<Server> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (
      emulatorHost &&
      EMULATOR_PATHS.some((path) => path.test(url)) &&
      /^(?:GET|POST|OPTIONS)$/.test(req.method ?? '')
    ) {
      return toEmulator(emulatorHost, req, res);
    }
    if (!isCustomerPath(url)) return notFound(res);
    if (req.method === 'GET' && FIREBASE_CONFIG.test(url)) {
      return void firebaseConfig(app, req, res).catch(() => {
        if (!res.headersSent) notFound(res);
        else res.end();
      });
    }
    app.routing(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Stops the customer listener, open streams (a card page's events) included. */
export function closeCustomerListener(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
