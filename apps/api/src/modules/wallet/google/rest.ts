import { SignJWT } from 'jose';
import type { GoogleCredentials } from './credentials';

export const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

/** A Wallet REST answer: its status and parsed JSON body (undefined when empty or not JSON). */
export type RestAnswer = { status: number; body: unknown };

export class GoogleWalletError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Renew a cached token this long before Google says it expires, so no call goes out with a stale one. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * The Wallet REST API as the service account: an OAuth2 token by the JWT bearer grant (RS256 assertion with
 * the key id, iss = the account, aud = the key file's token_uri, an hour at most), cached until shortly before
 * it expires and renewed once on a 401. Each call gives up after 15 s (the job retries).
 */
export function createGoogleRestClient(credentials: GoogleCredentials) {
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function fetchToken(): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: credentials.keyId })
      .setIssuer(credentials.clientEmail)
      .setAudience(credentials.tokenUri)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(credentials.privateKey);
    const res = await fetch(credentials.tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!res.ok || !body.access_token) {
      throw new GoogleWalletError(`Google token grant answered ${res.status}`, res.status);
    }
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** The cached token, or one new grant shared by every caller waiting for it. */
  function accessToken(): Promise<string> {
    if (token && Date.now() < token.expiresAt) return Promise.resolve(token.value);
    pending ??= fetchToken().finally(() => {
      pending = undefined;
    });
    return pending;
  }

  async function call(
    method: string,
    path: string,
    body?: object,
    retried = false,
    timeoutMs = 15_000,
  ): Promise<RestAnswer> {
    const res = await fetch(`${credentials.api}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    if (res.status === 401 && !retried) {
      // Revoked or expired early: one fresh token, one more try.
      token = undefined;
      return call(method, path, body, true, timeoutMs);
    }
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed };
  }

  const id = (value: string) => encodeURIComponent(value);
  return {
    insertClass: (klass: object) => call('POST', '/loyaltyClass', klass),
    updateClass: (classId: string, klass: object) => call('PUT', `/loyaltyClass/${id(classId)}`, klass),
    insertObject: (object: object) => call('POST', '/loyaltyObject', object),
    patchObject: (objectId: string, fields: object) => call('PATCH', `/loyaltyObject/${id(objectId)}`, fields),
    getObject: (objectId: string) => call('GET', `/loyaltyObject/${id(objectId)}`),
    addMessage: (objectId: string, message: object) =>
      call('POST', `/loyaltyObject/${id(objectId)}/addMessage`, { message }),
  };
}

export type GoogleRestClient = ReturnType<typeof createGoogleRestClient>;
