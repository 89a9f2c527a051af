import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

/** One request's outcome: the receiver's status, or no answer at all (refused, timed out, reset). */
type SendOutcome = { status: number } | { status: null; error: string };

// Kept-alive connections: a receiver that takes many events a second is not made to shake hands each time.
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64 }),
};

/**
 * POSTs a webhook to `url`, connecting to `address` (the one the guard checked) whatever the name resolves to
 * now; TLS still checks the certificate against the host name. Redirects are answers, never followed (a 3xx is
 * a failed delivery), and nothing waits past `timeoutMs`.
 */
export function sendWebhook(opts: {
  url: URL;
  address: string;
  family: 4 | 6;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}): Promise<SendOutcome> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: opts.address, family: opts.family },
      ]);
    } else callback(null, opts.address, opts.family);
  };
  const client = opts.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      opts.url,
      {
        method: 'POST',
        agent: agents[opts.url.protocol as 'http:' | 'https:'],
        lookup: pinned,
        headers: {
          ...opts.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(opts.body)),
          'user-agent': 'LoyaltyPortal-Webhooks/1',
        },
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (response) => {
        // The status is the answer; draining the body frees the connection for the next delivery.
        resolve({ status: response.statusCode ?? 0 });
        response.on('error', () => {});
        response.resume();
      },
    );
    request.on('error', (error) =>
      resolve({
        status: null,
        error: error.name === 'AbortError' || error.name === 'TimeoutError' ? 'Timed out' : error.message,
      }),
    );
    request.end(opts.body);
  });
}
