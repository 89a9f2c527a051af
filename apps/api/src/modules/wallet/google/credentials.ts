import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { GoogleWalletConfig } from '../../../config';

/** The development issuer's files under DATA_DIR/wallet-dev/ (the key's public half verifies its save links). */
export const googleDevFiles = { key: 'google-service-account.json', issuerId: 'google-issuer-id.txt' } as const;

/** The fields of a Google service account key file that signing and the token grant use. */
const serviceAccountSchema = z.object({
  type: z.literal('service_account'),
  private_key_id: z.string().min(1),
  private_key: z.string().min(1),
  client_email: z.string().min(1),
  token_uri: z.string().url(),
});
type ServiceAccountKey = z.infer<typeof serviceAccountSchema>;

/** What save links and REST calls are signed with, read once per process. */
export type GoogleCredentials = {
  issuerId: string;
  clientEmail: string;
  keyId: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  tokenUri: string;
  api: string;
  /**
   * False with the development key: Google would refuse its token grant every time, so nothing is sent to the
   * REST API (links still form and verify; the member's state says sync is off).
   */
  rest: boolean;
};

/** A service-account-shaped key: an RSA key in PKCS#8 PEM, as Google's console downloads it. */
export function serviceAccountKey(clientEmail: string, tokenUri: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = {
    type: 'service_account' as const,
    project_id: 'loyalty-portal-dev',
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: clientEmail,
    client_id: String(BigInt(`0x${randomBytes(8).toString('hex')}`)),
    token_uri: tokenUri,
  };
  return { key, publicKey };
}

/** Makes the development key and issuer id once; written beside and renamed, as the Apple chain is. */
function ensureDevIssuer(dir: string): void {
  if (Object.values(googleDevFiles).every((file) => existsSync(join(dir, file)))) return;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { key } = serviceAccountKey(
    'wallet@loyalty-portal-dev.iam.gserviceaccount.com',
    'https://oauth2.googleapis.com/token',
  );
  // Issuer ids are 19-digit numbers; this one is random so two development folders never share one.
  const issuerId = `3388${String(BigInt(`0x${randomBytes(7).toString('hex')}`))
    .padStart(15, '0')
    .slice(0, 15)}`;
  const files = { [googleDevFiles.key]: JSON.stringify(key, null, 2), [googleDevFiles.issuerId]: issuerId };
  for (const [name, content] of Object.entries(files)) {
    const staging = join(dir, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}`);
    writeFileSync(staging, content, { mode: 0o600 });
    // Another process that got there first wins; its file is as good as ours.
    if (existsSync(join(dir, name))) rmSync(staging);
    else renameSync(staging, join(dir, name));
  }
}

/** Parses a service account key file; a file that is not one throws (the server does not start with it). */
function parseServiceAccount(text: string): ServiceAccountKey {
  const parsed = serviceAccountSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error('GOOGLE_WALLET_KEY_FILE is not a service account key (JSON) file');
  return parsed.data;
}

/** Reads the configured issuer and key or, without them, makes and reads the development ones. */
export function loadGoogleCredentials(config: GoogleWalletConfig): GoogleCredentials {
  let keyText: string;
  let issuerId: string;
  if (config.keyFile && config.issuerId) {
    keyText = readFileSync(config.keyFile, 'utf8');
    issuerId = config.issuerId;
  } else {
    ensureDevIssuer(config.devDir);
    keyText = readFileSync(join(config.devDir, googleDevFiles.key), 'utf8');
    issuerId = readFileSync(join(config.devDir, googleDevFiles.issuerId), 'utf8').trim();
  }
  const key = parseServiceAccount(keyText);
  const privateKey = createPrivateKey(key.private_key);
  return {
    issuerId,
    clientEmail: key.client_email,
    keyId: key.private_key_id,
    privateKey,
    publicKey: createPublicKey(privateKey),
    tokenUri: key.token_uri,
    api: config.api,
    rest: Boolean(config.keyFile && config.issuerId),
  };
}
