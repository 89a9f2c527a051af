import { createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import forge from 'node-forge';

export type RecordedPush = { pushToken: string; topic: string; body: string };

/** A CA and a certificate for 127.0.0.1 signed by it: what the stand-in serves TLS with. */
export function localTls() {
  const keys = () =>
    generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
  const ca = keys();
  const server = keys();
  const make = (subject: string, publicKey: string, signer: string, isCa: boolean, issuer: string) => {
    const cert = forge.pki.createCertificate();
    cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
    cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
    cert.validity.notBefore = new Date(Date.now() - 60_000);
    cert.validity.notAfter = new Date(Date.now() + 86_400_000);
    cert.setSubject([{ name: 'commonName', value: subject }]);
    cert.setIssuer([{ name: 'commonName', value: issuer }]);
    cert.setExtensions(
      isCa
        ? [{ name: 'basicConstraints', cA: true }]
        : [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
    );
    cert.sign(forge.pki.privateKeyFromPem(signer), forge.md.sha256.create());
    return forge.pki.certificateToPem(cert);
  };
  const caCert = make('APNs stand-in CA', ca.publicKey, ca.privateKey, true, 'APNs stand-in CA');
  const serverCert = make('127.0.0.1', server.publicKey, ca.privateKey, false, 'APNs stand-in CA');
  return { caCert, serverCert, serverKey: server.privateKey };
}

/**
 * A local stand-in for Apple's push service (docs/design.md §8): HTTP/2 over TLS with its own CA, checking the ES256
 * provider token (kid, iss = team id, iat within the hour) and answering as Apple does. Pushes to a token in
 * `gone` get 410 Unregistered, to a token in `answers` its scripted refusal. Every accepted push is recorded.
 */
export async function startApnsStandIn(opts: {
  apnsKey: KeyObject;
  keyId: string;
  teamId: string;
  topic: string;
  /** A port reserved earlier (a test that starts APNs late); any free one otherwise. */
  port?: number;
  /** The CA of an earlier start, so a client already given it trusts this one too. */
  tls?: ReturnType<typeof localTls>;
}) {
  const tls = opts.tls ?? localTls();
  const dir = mkdtempSync(join(tmpdir(), 'lp-apns-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, tls.caCert);
  const publicKey = createPublicKey(opts.apnsKey);
  const pushes: RecordedPush[] = [];
  const gone = new Set<string>();
  /** A token's scripted answer, as Apple gives it (`{status: 400, reason: 'DeviceTokenNotForTopic'}`, 429…). */
  const answers = new Map<string, { status: number; reason: string }>();
  const connections = { count: 0 };
  // A provider token lives up to an hour and comes with every push: once verified, it is only checked for age
  // (as Apple caches it), so a fan-out of 100,000 pushes does not verify one signature each.
  const verified = new Map<string, { kid?: string; iss?: string; iat?: number }>();

  const server = http2.createSecureServer({ key: tls.serverKey, cert: tls.serverCert });
  const open = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    connections.count++;
    open.add(session);
    session.on('close', () => open.delete(session));
    // A client that dies mid-push (the crash tests kill the server with -9) resets its connection: Apple's side
    // shrugs that off, and so does the stand-in, instead of an unhandled ECONNRESET in the test's process.
    session.on('error', () => {});
  });
  server.on('sessionError', () => {});
  server.on('tlsClientError', () => {});
  server.on('secureConnection', (socket) => socket.on('error', () => {}));
  server.on('stream', (stream, headers) => {
    stream.on('error', () => {});
    let body = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      body += chunk;
    });
    stream.on('end', async () => {
      const answer = (status: number, payload?: object) => {
        if (stream.destroyed || stream.closed) return;
        stream.respond({ ':status': status, 'apns-id': randomUUID() });
        stream.end(payload ? JSON.stringify(payload) : undefined);
      };
      const path = String(headers[':path'] ?? '');
      const pushToken = decodeURIComponent(path.replace(/^\/3\/device\//, ''));
      const auth = String(headers.authorization ?? '').replace(/^bearer /, '');
      try {
        let claims = verified.get(auth);
        if (!claims) {
          const { payload, protectedHeader } = await jwtVerify(auth, publicKey, { algorithms: ['ES256'] });
          claims = { kid: protectedHeader.kid, iss: payload.iss, iat: payload.iat };
          verified.set(auth, claims);
        }
        const fresh = typeof claims.iat === 'number' && Date.now() / 1000 - claims.iat < 3600;
        if (claims.kid !== opts.keyId || claims.iss !== opts.teamId) {
          return answer(403, { reason: 'InvalidProviderToken' });
        }
        if (!fresh) return answer(403, { reason: 'ExpiredProviderToken' });
      } catch {
        return answer(403, { reason: 'InvalidProviderToken' });
      }
      if (headers['apns-topic'] !== opts.topic) return answer(400, { reason: 'TopicDisallowed' });
      if (!/^[A-Za-z0-9]+$/.test(pushToken)) return answer(400, { reason: 'BadDeviceToken' });
      if (gone.has(pushToken)) return answer(410, { reason: 'Unregistered', timestamp: Date.now() });
      const scripted = answers.get(pushToken);
      if (scripted) return answer(scripted.status, { reason: scripted.reason });
      pushes.push({ pushToken, topic: String(headers['apns-topic']), body });
      answer(200);
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile,
    tls,
    pushes,
    gone,
    answers,
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Sessions a client keeps open would hold close() forever.
        for (const session of open) session.destroy();
      }),
  };
}

export type ApnsStandIn = Awaited<ReturnType<typeof startApnsStandIn>>;
