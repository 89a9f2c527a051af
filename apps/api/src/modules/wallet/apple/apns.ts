import { type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';

/**
 * What became of one push: `sent` (APNs took it), `gone` (the device token is dead: its registration goes),
 * `rejected` (APNs will not take it as sent, and a retry would not change that), `retry` (try again later).
 */
export type PushOutcome = 'sent' | 'gone' | 'rejected' | 'retry';
/** The outcome with APNs's reason (`Unregistered`, `BadDeviceToken`…, or what failed on our side); null when sent. */
export type PushResult = {
  outcome: PushOutcome;
  reason: string | null /** 410's: the token is dead since. */;
  since?: Date;
};

/**
 * Apple's answers ("Handling notification responses from APNs"), as acted on: a token APNs calls inactive (410
 * Unregistered, ExpiredToken) or invalid (400 BadDeviceToken), or one for another topic (400
 * DeviceTokenNotForTopic), will never take a push: its registration is removed. An expired or invalid provider
 * token (403) is made anew and the push retried; too many requests (429) and APNs's own failures (500, 503)
 * are retried with backoff. Every other 4xx (a bad topic, certificate, path or payload) is our configuration's
 * fault: recorded and shown, not retried push by push.
 */
function judge(status: number, reason: string | null): PushOutcome {
  if (status === 200) return 'sent';
  if (status === 410) return 'gone';
  if (status === 400 && (reason === 'BadDeviceToken' || reason === 'DeviceTokenNotForTopic')) return 'gone';
  if (status === 403 && reason?.endsWith('ProviderToken')) return 'retry';
  if (status === 429 || status >= 500 || status === 0) return 'retry';
  return 'rejected';
}

function reasonOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { reason?: unknown };
    return typeof parsed.reason === 'string' ? parsed.reason.slice(0, 100) : null;
  } catch {
    return null;
  }
}

function sinceOf(body: string): Date | undefined {
  try {
    const { timestamp } = JSON.parse(body) as { timestamp?: unknown };
    return typeof timestamp === 'number' && Number.isFinite(timestamp) ? new Date(timestamp) : undefined;
  } catch {
    return undefined;
  }
}

/** An APNs provider token lives an hour; Apple refuses one renewed more often than every 20 minutes. */
const TOKEN_LIFETIME_MS = 40 * 60_000;

const b64url = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * APNs over HTTP/2 with token authentication (a .p8 key): one connection and one ES256 provider token, both
 * reused across pushes (Apple throttles connections and token renewals). A Wallet push is empty: `{}` with
 * the pass type id as topic; the device then asks the web service what changed.
 */
export function createApnsClient(opts: {
  url: string;
  caFile?: string;
  keyId: string;
  teamId: string;
  key: KeyObject;
}) {
  const ca = opts.caFile ? readFileSync(opts.caFile) : undefined;
  let session: http2.ClientHttp2Session | undefined;
  let token: { value: string; madeAt: number } | undefined;

  function providerToken(): string {
    if (token && Date.now() - token.madeAt < TOKEN_LIFETIME_MS) return token.value;
    const header = b64url({ alg: 'ES256', kid: opts.keyId });
    const claims = b64url({ iss: opts.teamId, iat: Math.floor(Date.now() / 1000) });
    // JOSE wants the raw r||s signature, not DER.
    const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: opts.key, dsaEncoding: 'ieee-p1363' });
    token = { value: `${header}.${claims}.${b64url(signature)}`, madeAt: Date.now() };
    return token.value;
  }

  function connection(): http2.ClientHttp2Session {
    if (session && !session.closed && !session.destroyed) return session;
    const made = http2.connect(opts.url, ca ? { ca } : {});
    made.on('error', () => made.destroy());
    made.on('goaway', () => made.close());
    // An idle connection must not keep the process alive at shutdown.
    made.unref();
    session = made;
    return made;
  }

  function push(pushToken: string, topic: string): Promise<PushResult> {
    return new Promise((resolve) => {
      let stream: http2.ClientHttp2Stream;
      try {
        stream = connection().request({
          ':method': 'POST',
          ':path': `/3/device/${encodeURIComponent(pushToken)}`,
          authorization: `bearer ${providerToken()}`,
          'apns-topic': topic,
          'apns-push-type': 'background',
          'apns-priority': '5',
          'content-type': 'application/json',
        });
      } catch {
        resolve({ outcome: 'retry', reason: 'APNs connection failed' });
        return;
      }
      let status = 0;
      let body = '';
      let failure: string | undefined;
      stream.setEncoding('utf8');
      stream.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      stream.on('data', (chunk: string) => {
        if (body.length < 2000) body += chunk;
      });
      stream.on('error', () => {
        failure ??= 'APNs connection failed';
      });
      stream.on('close', () => {
        if (status === 0) return resolve({ outcome: 'retry', reason: failure ?? 'No answer from APNs' });
        const reason = status === 200 ? null : (reasonOf(body) ?? `HTTP ${status}`);
        // A token Apple calls expired or invalid is made anew on the next try.
        if (status === 403 && reason?.endsWith('ProviderToken')) token = undefined;
        const outcome = judge(status, reason);
        const since = status === 410 ? sinceOf(body) : undefined;
        resolve({ outcome, reason, ...(since ? { since } : {}) });
      });
      stream.setTimeout(10_000, () => {
        failure = 'APNs did not answer within 10 s';
        stream.close(http2.constants.NGHTTP2_CANCEL);
      });
      stream.end('{}');
    });
  }

  return {
    push,
    close() {
      session?.close();
      session = undefined;
    },
  };
}

export type ApnsClient = ReturnType<typeof createApnsClient>;
