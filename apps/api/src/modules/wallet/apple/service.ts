import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { notFound } from '../../../lib/errors';
import type { StorageDriver } from '../../../storage';
import { findPassData } from '../pass-data';
import { type ApnsClient, createApnsClient } from './apns';
import { loadWalletCredentials } from './certificates';
import { ensureDevTokenKey } from './dev-certificates';
import { createPassImages } from './images';
import { buildPass } from './pass-builder';
import { walletJobs } from './push-jobs';
import { findPassBySerial, findVoidedPassData, issuePass, legacyTokenHeld, revokePassTokens } from './repository';

/** How tokens handed out before 0020 were stored: SHA-256, hex. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

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
  const tokenKey = Buffer.from(config.wallet.tokenSecret ?? ensureDevTokenKey(config.wallet.devDir));
  /**
   * A pass's `authenticationToken`: HMAC-SHA256 of the member id and the pass's token version under the server
   * key, 43 characters of base64url (Apple asks at least 16). One per pass, served again on every download
   * and never stored; a new version (revokeTokens) makes every earlier one fail.
   */
  const tokenFor = (memberId: string, version: number) =>
    createHmac('sha256', tokenKey).update(`apple-pass-token\n${memberId}\n${version}`).digest('base64url');

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
    /**
     * A download for staff or the card page: the pass row on first issue, then the pass's one token each time
     * (50 downloads store nothing more than one).
     */
    async issue(tenantId: string, memberId: string) {
      if (!(await findPassData(db, tenantId, memberId))) throw notFound('Member not found');
      const pass = await issuePass(db, tenantId, memberId);
      const built = await build(tenantId, memberId, tokenFor(memberId, pass.tokenVersion));
      if (!built) throw notFound('Member not found');
      return built;
    },
    /**
     * The pass a device may act on: its serial number and `ApplePass <token>` must match the pass's token,
     * derived again and compared in constant time, or one of the random tokens handed out before 0020, found
     * by its hash in one look-up. Any mismatch is the same undefined.
     */
    async authorize(serialNumber: string, authorization: string | undefined) {
      const match = /^ApplePass ([A-Za-z0-9_-]{16,128})$/.exec(authorization ?? '');
      if (!match) return undefined;
      const token = match[1] as string;
      const pass = await findPassBySerial(db, serialNumber);
      if (!pass) return undefined;
      const expected = Buffer.from(tokenFor(serialNumber, pass.tokenVersion));
      const presented = Buffer.from(token);
      const ok =
        (presented.length === expected.length && timingSafeEqual(presented, expected)) ||
        (await legacyTokenHeld(db, pass.tenantId, serialNumber, hashToken(token)));
      return ok ? { tenantId: pass.tenantId, updatedAt: pass.updatedAt, token } : undefined;
    },
    /** Every token of the member's pass stops working (the devices holding it get 401 from then on). */
    revokeTokens: (tenantId: string, memberId: string) => revokePassTokens(db, tenantId, memberId),
    build,
    close() {
      apns?.close();
    },
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
