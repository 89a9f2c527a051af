import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * JSON answers below this are sent as they are: a 20-row members page is about 5 KB, an error or a
 * `members/me` a few hundred bytes, and below ~1 KB an encoding saves less than the work and the headers
 * it adds: at 1 KB it costs ~20 µs and saves ~0.5 ms on a 10 Mbit/s link (bench/compression.mjs).
 */
export const COMPRESS_MIN_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** JSON, and the pages the API writes per request (the server-painted /join/<slug>). */
const COMPRESSED_TYPES = /^(?:application\/json|text\/html)\b/;

/**
 * Brotli at quality 4 costs what gzip's default level does and comes out a quarter smaller or more on a
 * members page: fast enough per answer (quality 11 is for the build's static files only).
 */
const encoders: Record<Encoding, (input: Buffer, done: (error: Error | null, out: Buffer) => void) => void> = {
  br: (input, done) =>
    brotliCompress(
      input,
      {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      },
      done,
    ),
  gzip: (input, done) => gzip(input, { level: 6 }, done),
};

/** Bounds what the memo below keeps: the answers themselves and their encodings. */
const MEMO_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The encodings of answers sent recently, by their exact text. A list page served from the versioned cache
 * (lib/versioned-cache.ts) is the same string on every hit, and V8 keeps a string's hash with it, so a hit
 * costs a map lookup instead of compressing the page again; without it, compressing would cost more than
 * everything else such a hit does. Oldest out first.
 */
function createMemo(maxBytes = MEMO_MAX_BYTES) {
  const entries = new Map<string, { bytes: number; encoded: Partial<Record<Encoding, Buffer>> }>();
  let bytes = 0;
  return {
    get: (text: string, encoding: Encoding) => entries.get(text)?.encoded[encoding],
    set(text: string, encoding: Encoding, body: Buffer) {
      let entry = entries.get(text);
      if (!entry) {
        entry = { bytes: text.length, encoded: {} };
        entries.set(text, entry);
        bytes += entry.bytes;
      }
      entry.encoded[encoding] = body;
      entry.bytes += body.length;
      bytes += body.length;
      for (const [key, old] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(key);
        bytes -= old.bytes;
      }
    },
  };
}

/** Clients send a handful of distinct Accept-Encoding headers; the cache of their answers stays that small. */
const seenHeaders = new Map<string, string>();
const negotiator = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: {
    get: (key) => seenHeaders.get(key),
    has: (key) => seenHeaders.has(key),
    set(key, value) {
      if (seenHeaders.size < 100) seenHeaders.set(key, value);
      return this;
    },
  },
});

function addVary(current: unknown): string {
  if (current === undefined || current === '') return 'accept-encoding';
  const text = String(current);
  return /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(text) ? text : `${text}, accept-encoding`;
}

/**
 * Compresses JSON answers and written pages of COMPRESS_MIN_BYTES or more with brotli or gzip, whichever the client's
 * Accept-Encoding prefers; smaller ones, streams (files, the web app, which the build precompressed) and
 * answers that carry an encoding already are left alone. The work runs on libuv's thread pool.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  const memo = createMemo();
  app.addHook('onSend', (request, reply, payload, done) => {
    const isText = typeof payload === 'string';
    if (!isText && !Buffer.isBuffer(payload)) return done(null, payload);
    // Most answers are small: a string of fewer than a third as many characters is below the threshold
    // whatever they are (UTF-8 takes at most 3 bytes per UTF-16 unit), without counting its bytes.
    if (isText && payload.length * 3 < COMPRESS_MIN_BYTES) return done(null, payload);
    const size = isText ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_MIN_BYTES || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !COMPRESSED_TYPES.test(type)) return done(null, payload);
    // Whatever this client asked, the answer depends on Accept-Encoding: say so to caches.
    reply.header('vary', addVary(reply.getHeader('vary')));
    const header = request.headers['accept-encoding'];
    const encoding = header ? negotiator.negotiate(header) : null;
    if (!encoding) return done(null, payload);
    const send = (body: Buffer) => {
      reply.header('content-encoding', encoding).removeHeader('content-length');
      done(null, body);
    };
    const known = isText ? memo.get(payload, encoding) : undefined;
    if (known) return send(known);
    encoders[encoding](isText ? Buffer.from(payload) : payload, (error, body) => {
      // An encoder that fails sends the answer as it is rather than no answer.
      if (error) return done(null, payload);
      if (isText) memo.set(payload, encoding, body);
      send(body);
    });
  });
});
