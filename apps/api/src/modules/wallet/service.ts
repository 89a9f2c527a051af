import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';
import { notFound } from '../../lib/errors';
import type { StorageDriver } from '../../storage';
import { type ApnsClient, createApnsClient } from './apns';
import { loadWalletCredentials } from './certificates';
import { createPassImages } from './images';
import { buildPass } from './pass-builder';
import { walletJobs } from './push-jobs';
import { findPassBySerial, findPassData, findVoidedPassData, issuePass } from './repository';

const hashToken = (token: string) => createHash('sha256').update(token).digest();

/**
 * Apple Wallet for the app: certificates read once, images resized once, passes built and signed per request,
 * the push jobs defined on the queue and the change hooks that enqueue them.
 */
export function createWalletService(deps: { db: Database; storage: StorageDriver; jobs: JobQueue; config: Config }) {
  const { db, config } = deps;
  const credentials = loadWalletCredentials(config.wallet);
  const images = createPassImages(deps.storage);
  const webServiceURL = `${config.publicUrl}/api/passkit`;
  let apns: ApnsClient | undefined;
  const apnsClient = () => {
    apns ??= createApnsClient({
      url: config.wallet.apns.url,
      caFile: config.wallet.apns.caFile,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      key: credentials.apns.key,
    });
    return apns;
  };
  const jobs = walletJobs(db, deps.jobs, apnsClient, credentials.passTypeId);

  /** The member's pass, or a deleted member's voided one (the devices that hold it are still asking). */
  async function build(tenantId: string, memberId: string, authenticationToken: string) {
    const live = await findPassData(db, tenantId, memberId);
    const data = live ?? (await findVoidedPassData(db, tenantId, memberId));
    if (!data?.passUpdatedAt) return undefined;
    const pkpass = await buildPass(
      { data, authenticationToken, webServiceURL, updatedAt: data.passUpdatedAt, voided: !live },
      credentials,
      images,
      tenantId,
    );
    return { pkpass, updatedAt: data.passUpdatedAt, membershipCode: data.membershipCode };
  }

  return {
    /** What the passes do when what they show changes (app.ts makes them a listener of the change feed). */
    cards: jobs.hooks,
    passTypeId: credentials.passTypeId,
    jobs,
    /** A new download for staff: the pass row on first issue, a fresh token (stored hashed) every time. */
    async issue(tenantId: string, memberId: string) {
      if (!(await findPassData(db, tenantId, memberId))) throw notFound('Member not found');
      // 32 random bytes: 43 characters of base64url, above Apple's minimum of 16.
      const token = randomBytes(32).toString('base64url');
      await issuePass(db, tenantId, memberId, hashToken(token).toString('hex'));
      const built = await build(tenantId, memberId, token);
      if (!built) throw notFound('Member not found');
      return built;
    },
    /**
     * The pass a device may act on: its serial number and `ApplePass <token>` must match a token handed out
     * for that pass. Every stored hash is compared in constant time; any mismatch is the same undefined.
     */
    async authorize(serialNumber: string, authorization: string | undefined) {
      const match = /^ApplePass ([A-Za-z0-9_-]{16,128})$/.exec(authorization ?? '');
      if (!match) return undefined;
      const pass = await findPassBySerial(db, serialNumber);
      if (!pass) return undefined;
      const presented = hashToken(match[1] as string);
      let ok = false;
      for (const stored of pass.tokenHashes) {
        const bytes = Buffer.from(stored, 'hex');
        if (bytes.length === presented.length && timingSafeEqual(bytes, presented)) ok = true;
      }
      return ok ? { tenantId: pass.tenantId, updatedAt: pass.updatedAt, token: match[1] as string } : undefined;
    },
    build,
    close() {
      apns?.close();
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
