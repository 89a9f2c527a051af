import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import forge from 'node-forge';

/** The files of the development chain under DATA_DIR/wallet-dev/ (root.pem is what a tester verifies with). */
export const devFiles = {
  root: 'root.pem',
  wwdr: 'wwdr.pem',
  signerCert: 'signer.pem',
  signerKey: 'signer.key',
  apnsKey: 'apns-key.p8',
  apnsKeyId: 'apns-key-id.txt',
} as const;

type Name = { name?: string; shortName?: string; type?: string; value: string };

function certificate(opts: {
  subject: Name[];
  issuer: Name[];
  publicKeyPem: string;
  signingKeyPem: string;
  ca: boolean;
  years: number;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(opts.publicKeyPem);
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + opts.years * 365 * 86_400_000);
  cert.setSubject(opts.subject);
  cert.setIssuer(opts.issuer);
  cert.setExtensions(
    opts.ca
      ? [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, critical: true },
          { name: 'subjectKeyIdentifier' },
        ],
  );
  cert.sign(forge.pki.privateKeyFromPem(opts.signingKeyPem), forge.md.sha256.create());
  return forge.pki.certificateToPem(cert);
}

const rsaKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });

/**
 * Makes, once, a local CA, a WWDR-like intermediate and a Pass Type ID signer (subject UID = pass type id,
 * OU = team id, as Apple issues them), plus an ES256 key standing for an APNs .p8 key. Node makes the keys
 * (fast, native); node-forge, which passkit-generator ships, writes the certificates. The folder is written
 * beside and renamed into place, so two processes starting at once never leave half a chain.
 */
export function ensureDevChain(dir: string, passTypeId: string, teamId: string): void {
  if (Object.values(devFiles).every((file) => existsSync(join(dir, file)))) return;
  const root = rsaKey();
  const wwdr = rsaKey();
  const signer = rsaKey();
  const rootName = [
    { name: 'commonName', value: 'Loyalty Portal Development Root CA' },
    { name: 'organizationName', value: 'Loyalty Portal (development)' },
  ];
  const wwdrName = [
    { name: 'commonName', value: 'Loyalty Portal Development WWDR Intermediate' },
    { name: 'organizationalUnitName', value: 'G4' },
    { name: 'organizationName', value: 'Loyalty Portal (development)' },
  ];
  const signerName = [
    { type: '0.9.2342.19200300.100.1.1', value: passTypeId },
    { name: 'commonName', value: `Pass Type ID: ${passTypeId}` },
    { name: 'organizationalUnitName', value: teamId },
    { name: 'organizationName', value: 'Loyalty Portal (development)' },
  ];
  const apns = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const files: Record<keyof typeof devFiles, string> = {
    root: certificate({
      subject: rootName,
      issuer: rootName,
      publicKeyPem: root.publicKey,
      signingKeyPem: root.privateKey,
      ca: true,
      years: 20,
    }),
    wwdr: certificate({
      subject: wwdrName,
      issuer: rootName,
      publicKeyPem: wwdr.publicKey,
      signingKeyPem: root.privateKey,
      ca: true,
      years: 10,
    }),
    signerCert: certificate({
      subject: signerName,
      issuer: wwdrName,
      publicKeyPem: signer.publicKey,
      signingKeyPem: wwdr.privateKey,
      ca: false,
      years: 5,
    }),
    signerKey: signer.privateKey,
    apnsKey: apns.privateKey,
    apnsKeyId: randomBytes(5).toString('hex').toUpperCase(),
  };
  const staging = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  for (const [key, file] of Object.entries(devFiles)) {
    writeFileSync(join(staging, file), files[key as keyof typeof devFiles], { mode: 0o600 });
  }
  try {
    renameSync(staging, dir);
  } catch {
    // Another process put its chain there first (or an incomplete folder is in the way): use what is there.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(join(dir, devFiles.apnsKeyId))) throw new Error(`incomplete wallet development chain in ${dir}`);
  }
}

export const readDev = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');

/**
 * The development key pass tokens are derived from (PASS_TOKEN_SECRET in production), made once beside the
 * chain: kept across restarts, so passes already installed keep their tokens. Written exclusively, so two
 * processes starting at once agree on one key.
 */
export function ensureDevTokenKey(dir: string): string {
  const file = join(dir, 'pass-token.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
