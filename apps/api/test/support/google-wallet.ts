import { createPublicKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceAccountKey } from '../../src/modules/wallet/google/credentials';
import { startGoogleStandIn } from './google-wallet-stand-in';

export const TEST_ISSUER_ID = '3388000000022222222';

/**
 * A service account key whose token_uri is a local stand-in of Google (the test hook docs/design.md §8 names), the
 * stand-in checking that key, and the environment that points the server at both.
 */
export async function googleIssuer(dir = mkdtempSync(join(tmpdir(), 'lp-google-'))) {
  const clientEmail = 'wallet@loyalty-test.iam.gserviceaccount.com';
  const made = serviceAccountKey(clientEmail, 'http://127.0.0.1/unset');
  const standIn = await startGoogleStandIn({
    publicKey: createPublicKey(made.publicKey),
    keyId: made.key.private_key_id,
    clientEmail,
    issuerId: TEST_ISSUER_ID,
  });
  const keyFile = join(dir, 'google-service-account.json');
  writeFileSync(keyFile, JSON.stringify({ ...made.key, token_uri: standIn.tokenUri }), { mode: 0o600 });
  const env = {
    GOOGLE_WALLET_ISSUER_ID: TEST_ISSUER_ID,
    GOOGLE_WALLET_KEY_FILE: keyFile,
    GOOGLE_WALLET_API: standIn.api,
  };
  return { standIn, env, publicKey: made.publicKey, keyId: made.key.private_key_id, clientEmail };
}

/** The JWT of a save link. */
export const jwtOf = (saveUrl: string) => saveUrl.replace(/^https:\/\/pay\.google\.com\/gp\/v\/save\//, '');
