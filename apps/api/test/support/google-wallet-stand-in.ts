import { type KeyObject, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { WALLET_SCOPE } from '../../src/modules/wallet/google/rest';

export type RecordedCall = { method: string; path: string; status: number; body?: Record<string, unknown> };
type Resource = Record<string, unknown> & { id: string };

const API_PREFIX = '/walletobjects/v1';
const NOTIFY = new Set(['NOTIFY_ON_UPDATE', 'NOTIFY_PREFERENCE_UNSPECIFIED']);
const STATES = new Set(['ACTIVE', 'COMPLETED', 'EXPIRED', 'INACTIVE']);
const MESSAGE_TYPES = new Set(['TEXT', 'TEXT_AND_NOTIFY']);

/**
 * A local stand-in for Google's OAuth2 token endpoint and the Wallet REST API (docs/design.md §8), checking what Google
 * checks: the JWT-bearer assertion (RS256 with the service account's key, its key id, iss, scope, aud = this
 * token endpoint, an hour at most), the bearer token on every call, the required fields of a class and an
 * object and ids prefixed by the issuer id; 404 for what it does not hold, 409 for a second insert. `save`
 * does what Google does when a holder opens a save link: verifies the JWT and keeps its inline class and
 * object. `down` answers 503 to everything (Google unreachable). Every call is recorded.
 */
export async function startGoogleStandIn(opts: {
  publicKey: KeyObject;
  keyId: string;
  clientEmail: string;
  issuerId: string;
}) {
  const classes = new Map<string, Resource>();
  const objects = new Map<string, Resource>();
  const tokens = new Set<string>();
  const calls: RecordedCall[] = [];
  // `refuseMerchantLocations`: answers a class with merchant locations 400, as Google does for an issuer it has not
  // allowlisted for them (docs/design.md §10).
  const state = { down: false, tokenGrants: 0, refuseMerchantLocations: false };
  let base = '';

  const prefixed = (id: unknown) =>
    typeof id === 'string' && id.startsWith(`${opts.issuerId}.`) && /^\d+\.[\w.-]+$/.test(id);

  async function grant(form: URLSearchParams): Promise<[number, object]> {
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
      return [400, { error: 'unsupported_grant_type' }];
    }
    const assertion = form.get('assertion') ?? '';
    try {
      const header = decodeProtectedHeader(assertion);
      const { payload } = await jwtVerify(assertion, opts.publicKey, {
        algorithms: ['RS256'],
        issuer: opts.clientEmail,
        audience: `${base}/token`,
      });
      const { iat, exp } = payload;
      if (header.kid !== opts.keyId)
        return [400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }];
      if (payload.scope !== WALLET_SCOPE) return [400, { error: 'invalid_scope' }];
      if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > 3600) {
        return [400, { error: 'invalid_grant', error_description: 'Invalid JWT: Token must be a short-lived token' }];
      }
    } catch (error) {
      return [400, { error: 'invalid_grant', error_description: (error as Error).message }];
    }
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    tokens.add(token);
    state.tokenGrants++;
    return [200, { access_token: token, expires_in: 3599, token_type: 'Bearer' }];
  }

  const missing = (body: Record<string, unknown>, fields: string[]) => fields.filter((f) => body[f] === undefined);

  function classCall(method: string, id: string | undefined, body: Record<string, unknown>): [number, object] {
    if (state.refuseMerchantLocations && 'merchantLocations' in body)
      return [400, error(400, 'merchantLocations is not allowed for this issuer')];
    if (method === 'POST' && !id) {
      const absent = missing(body, ['id', 'issuerName', 'programName', 'reviewStatus']);
      if (absent.length > 0 || !prefixed(body.id))
        return [400, error(400, `Invalid class: ${absent.join(', ') || 'id'}`)];
      if (classes.has(body.id as string)) return [409, error(409, 'Resource already exists')];
      classes.set(body.id as string, body as Resource);
      return [200, body];
    }
    if (!id || !classes.has(id)) return [404, error(404, 'Resource not found')];
    if (method === 'GET') return [200, classes.get(id) as object];
    if (method === 'PUT') {
      const absent = missing(body, ['id', 'issuerName', 'programName', 'reviewStatus']);
      if (absent.length > 0 || body.id !== id) return [400, error(400, 'Invalid class')];
      classes.set(id, body as Resource);
      return [200, body];
    }
    return [405, error(405, 'Method not allowed')];
  }

  function objectCall(method: string, id: string | undefined, body: Record<string, unknown>): [number, object] {
    if (method === 'POST' && !id) {
      const absent = missing(body, ['id', 'classId', 'state']);
      if (absent.length > 0 || !prefixed(body.id) || !prefixed(body.classId)) {
        return [400, error(400, `Invalid object: ${absent.join(', ') || 'id'}`)];
      }
      if (!STATES.has(body.state as string)) return [400, error(400, 'Invalid state')];
      if (!classes.has(body.classId as string)) return [404, error(404, `Class ${body.classId} not found`)];
      if (objects.has(body.id as string)) return [409, error(409, 'Resource already exists')];
      const made = { ...(body as Resource), hasUsers: false };
      objects.set(made.id, made);
      return [200, made];
    }
    const current = id ? objects.get(id) : undefined;
    if (!current) return [404, error(404, 'Resource not found')];
    if (method === 'GET') return [200, current];
    if (method === 'PATCH') {
      if (
        (body.id !== undefined && body.id !== id) ||
        (body.classId !== undefined && body.classId !== current.classId)
      ) {
        return [400, error(400, 'id and classId cannot change')];
      }
      if (body.notifyPreference !== undefined && !NOTIFY.has(body.notifyPreference as string)) {
        return [400, error(400, 'Invalid notifyPreference')];
      }
      if (body.state !== undefined && !STATES.has(body.state as string)) return [400, error(400, 'Invalid state')];
      const { notifyPreference: _, ...fields } = body;
      const next = { ...current, ...fields } as Resource;
      // As Google's patch semantics: a field sent as null is cleared.
      for (const [key, value] of Object.entries(fields)) if (value === null) delete next[key];
      objects.set(next.id, next);
      return [200, next];
    }
    return [405, error(405, 'Method not allowed')];
  }

  const error = (code: number, message: string) => ({ error: { code, message } });

  /**
   * addMessage: the object must exist; a message needs an id, a body and a type; a second message of the same id
   * is refused (409), as Google refuses a duplicate. The object keeps its messages in `messages`.
   */
  function addMessage(id: string, body: Record<string, unknown>): [number, object] {
    const current = objects.get(id);
    if (!current) return [404, error(404, 'Resource not found')];
    const message = body.message as Record<string, unknown> | undefined;
    if (!message || typeof message.id !== 'string' || typeof message.body !== 'string') {
      return [400, error(400, 'Invalid message')];
    }
    if (!MESSAGE_TYPES.has(message.messageType as string)) return [400, error(400, 'Invalid messageType')];
    const held = (current.messages as Record<string, unknown>[] | undefined) ?? [];
    if (held.some((m) => m.id === message.id)) return [409, error(409, 'Message id already exists')];
    const next = { ...current, messages: [...held, message] } as Resource;
    objects.set(id, next);
    return [200, { resource: next }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse, text: string) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const reply = (status: number, payload: object, body?: Record<string, unknown>) => {
      calls.push({ method, path: url.pathname, status, ...(body ? { body } : {}) });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(payload));
    };
    if (state.down) return reply(503, error(503, 'The service is currently unavailable.'));
    if (url.pathname === '/token' && method === 'POST') {
      const [status, payload] = await grant(new URLSearchParams(text));
      return reply(status, payload);
    }
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer))
      return reply(401, error(401, 'Request had invalid authentication credentials.'));
    let body: Record<string, unknown> = {};
    if (text) {
      if (!String(req.headers['content-type']).startsWith('application/json'))
        return reply(415, error(415, 'JSON only'));
      try {
        body = JSON.parse(text);
      } catch {
        return reply(400, error(400, 'Invalid JSON payload received.'));
      }
    }
    const adding = new RegExp(`^${API_PREFIX}/loyaltyObject/([^/]+)/addMessage$`).exec(url.pathname);
    if (adding && method === 'POST') {
      const [status, payload] = addMessage(decodeURIComponent(adding[1] as string), body);
      return reply(status, payload, body);
    }
    const match = new RegExp(`^${API_PREFIX}/(loyaltyClass|loyaltyObject)(?:/([^/]+))?$`).exec(url.pathname);
    if (!match) return reply(404, error(404, 'Not found'));
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    const [status, payload] = (match[1] === 'loyaltyClass' ? classCall : objectCall)(method, id, body);
    return reply(status, payload, text ? body : undefined);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((e) => {
        res.writeHead(500);
        res.end(String(e));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * A holder opens a save link: Google verifies the JWT with the issuer's public key and keeps the inline class
   * and object (ones it already holds stay as they are); an object named by id only must exist. Answers the
   * verified claims; throws what Google would refuse.
   */
  async function save(saveUrl: string) {
    const jwt = saveUrl.replace(/^https:\/\/pay\.google\.com\/gp\/v\/save\//, '');
    if (jwt.length > 1800) throw new Error(`save link JWT of ${jwt.length} characters`);
    const { payload, protectedHeader } = await jwtVerify(jwt, opts.publicKey, {
      algorithms: ['RS256'],
      issuer: opts.clientEmail,
      audience: 'google',
    });
    if (payload.typ !== 'savetowallet' || protectedHeader.kid !== opts.keyId) throw new Error('not a save link');
    const inline = payload.payload as { loyaltyClasses?: Resource[]; loyaltyObjects?: Resource[] };
    for (const klass of inline.loyaltyClasses ?? []) if (!classes.has(klass.id)) classes.set(klass.id, klass);
    for (const object of inline.loyaltyObjects ?? []) {
      const held = objects.get(object.id);
      if (!held && !object.state) throw new Error(`object ${object.id} named by id is unknown`);
      if (!classes.has((held ?? object).classId as string)) throw new Error(`class of ${object.id} is unknown`);
      objects.set(object.id, { ...(held ?? object), hasUsers: true });
    }
    return payload;
  }

  return {
    tokenUri: `${base}/token`,
    api: `${base}${API_PREFIX}`,
    classes,
    objects,
    calls,
    state,
    save,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type GoogleStandIn = Awaited<ReturnType<typeof startGoogleStandIn>>;
