import { type KeyObject, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http2 from 'node:http2';

export type PushOutcome = 'sent' | 'gone' | 'rejected' | 'retry';

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

  function push(pushToken: string, topic: string): Promise<PushOutcome> {
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
        resolve('retry');
        return;
      }
      let status = 0;
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      stream.on('data', (chunk: string) => {
        body += chunk;
      });
      stream.on('error', () => resolve('retry'));
      stream.on('close', () => {
        if (status === 200) return resolve('sent');
        // 410: the device is gone (pass deleted, app removed); 400 BadDeviceToken: the token never was valid.
        if (status === 410 || (status === 400 && body.includes('BadDeviceToken'))) return resolve('gone');
        // A token Apple calls expired or invalid is made anew on the next try.
        if (status === 403 && body.includes('ProviderToken')) token = undefined;
        if (status === 400 || status === 413) return resolve('rejected');
        resolve('retry');
      });
      stream.setTimeout(10_000, () => stream.close(http2.constants.NGHTTP2_CANCEL));
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
