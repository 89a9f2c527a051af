import { constants, createHash, privateEncrypt } from 'node:crypto';
import forge from 'node-forge';
import type { WalletCredentials } from './certificates';

// DER prefix of a PKCS#1 DigestInfo for SHA-256 (RFC 8017 §9.2, note 1): what RSASSA-PKCS1-v1_5 signs.
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * A node-forge private key in the shape its PKCS#7 signer calls (`key.sign(md)`), backed by Node's native RSA:
 * forge builds the CMS structure (attributes, certificates, DER) and Node does the one slow step. This is
 * forge's documented extension point (the signer's key is any object with `sign`), not a patch of a library.
 */
function nativeRsaKey(credentials: WalletCredentials) {
  return {
    sign(md: forge.md.MessageDigest): string {
      const digest = Buffer.from(md.digest().getBytes(), 'binary');
      const signature = privateEncrypt(
        { key: credentials.signerKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.concat([SHA256_DIGEST_INFO, digest]),
      );
      return signature.toString('binary');
    },
  };
}

/** The `manifest.json` Apple asks for: each file's SHA-1 (hex), in the order given. */
export function manifestOf(files: Record<string, Buffer>): Buffer {
  const manifest: Record<string, string> = {};
  for (const [name, bytes] of Object.entries(files)) manifest[name] = createHash('sha1').update(bytes).digest('hex');
  return Buffer.from(JSON.stringify(manifest));
}

/**
 * The detached PKCS#7 signature over the manifest, as Wallet requires it: signed attributes with the content
 * type, the message digest and the signing time, the WWDR and signer certificates included, SHA-256.
 * Certificates come parsed once (WalletCredentials); nothing here re-reads a PEM.
 */
export function signManifest(manifest: Buffer, credentials: WalletCredentials): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(manifest.toString('binary'));
  p7.addCertificate(credentials.wwdrCert);
  p7.addCertificate(credentials.signerCert);
  p7.addSigner({
    key: nativeRsaKey(credentials) as unknown as forge.pki.rsa.PrivateKey,
    certificate: credentials.signerCert,
    digestAlgorithm: forge.pki.oids.sha256 as string,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest as string },
      { type: forge.pki.oids.signingTime as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}
