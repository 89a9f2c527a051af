import { createPrivateKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import forge from 'node-forge';
import type { WalletConfig } from '../../../config';
import { devFiles, ensureDevChain, readDev } from './dev-certificates';

/** Everything a pass and a push are signed with, read and parsed once per process. */
export type WalletCredentials = {
  passTypeId: string;
  teamId: string;
  development: boolean;
  /** PEM texts, as passkit-generator's certificate check takes them. */
  pem: { signerCert: string; signerKey: string; signerKeyPassphrase?: string; wwdr: string };
  signerCert: forge.pki.Certificate;
  wwdrCert: forge.pki.Certificate;
  /** The signer's private key as Node's own key: signing runs natively, not in JavaScript. */
  signerKey: KeyObject;
  apns: { keyId: string; key: KeyObject };
};

/**
 * Reads the configured certificates or, without them (development and tests), makes the local chain once.
 * A key, certificate or passphrase that does not fit throws: the server does not start with a wallet that
 * cannot sign.
 */
export function loadWalletCredentials(config: WalletConfig): WalletCredentials {
  const { files } = config;
  let pem: WalletCredentials['pem'];
  let apnsPem: string;
  let apnsKeyId: string;
  if (files) {
    pem = {
      signerCert: readFileSync(files.signerCert, 'utf8'),
      signerKey: readFileSync(files.signerKey, 'utf8'),
      signerKeyPassphrase: files.signerKeyPassphrase,
      wwdr: readFileSync(files.wwdrCert, 'utf8'),
    };
    if (!config.apns.keyFile || !config.apns.keyId) throw new Error('APNS_KEY_FILE and APNS_KEY_ID are required');
    apnsPem = readFileSync(config.apns.keyFile, 'utf8');
    apnsKeyId = config.apns.keyId;
  } else {
    ensureDevChain(config.devDir, config.passTypeId, config.teamId);
    pem = {
      signerCert: readDev(config.devDir, devFiles.signerCert),
      signerKey: readDev(config.devDir, devFiles.signerKey),
      wwdr: readDev(config.devDir, devFiles.wwdr),
    };
    apnsPem = readDev(config.devDir, devFiles.apnsKey);
    apnsKeyId = config.apns.keyId ?? readDev(config.devDir, devFiles.apnsKeyId).trim();
  }
  const signerKey = createPrivateKey({ key: pem.signerKey, passphrase: pem.signerKeyPassphrase });
  const signerCert = forge.pki.certificateFromPem(pem.signerCert);
  const wwdrCert = forge.pki.certificateFromPem(pem.wwdr);
  return {
    passTypeId: config.passTypeId,
    teamId: config.teamId,
    development: !files,
    pem,
    signerCert,
    wwdrCert,
    signerKey,
    apns: { keyId: apnsKeyId, key: createPrivateKey(apnsPem) },
  };
}
