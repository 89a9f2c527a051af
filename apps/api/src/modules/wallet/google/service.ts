import type { GooglePassStatus } from '@loyalty/contracts';
import type { Config } from '../../../config';
import type { Database } from '../../../db/client';
import type { JobQueue } from '../../../jobs/queue';
import { AppError, notFound } from '../../../lib/errors';
import { findPassData } from '../pass-data';
import { loadGoogleCredentials } from './credentials';
import { googleWalletJobs } from './jobs';
import { loyaltyClassOf, loyaltyObjectOf, SAVE_URL_PREFIX, saveJwt } from './pass';
import { ensureObjectRow, findClassRow, findObjectRow } from './repository';
import { createGoogleRestClient } from './rest';
import { createGoogleSync } from './sync';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * Google Wallet for the app: the issuer's key read once, save links signed per request, and, with a real
 * issuer, the REST sync jobs and the change hooks that enqueue them (next to Apple's pushes). With the
 * development key nothing is sent to Google: its token grant would always fail.
 */
export function createGoogleWalletService(deps: { db: Database; jobs: JobQueue; config: Config }) {
  const { db, config } = deps;
  const credentials = loadGoogleCredentials(config.googleWallet);
  const origins = [new URL(config.publicUrl).origin];
  const rest = credentials.rest ? createGoogleRestClient(credentials) : undefined;
  const sync = rest ? createGoogleSync(db, credentials, rest, config.publicUrl) : undefined;
  const syncJobs = sync ? googleWalletJobs(db, deps.jobs, sync) : undefined;

  /** A REST failure at link time: the link would name something Google does not have. */
  const unavailable = (error: unknown) =>
    new AppError(503, `Google Wallet is not reachable; try again shortly (${(error as Error).message})`, {
      error: 'GOOGLE_WALLET_UNAVAILABLE',
    });

  return {
    credentials,
    /** With a real issuer, what the objects do when what they show changes (app.ts listens with them). */
    cards: syncJobs?.hooks,
    /**
     * The member's save link. What does not fit in the JWT inline is given to Google by REST first (awaited
     * here, so the link works the moment it is opened): the class when only the object fits, the object too
     * when only ids fit.
     */
    async saveUrl(tenantId: string, memberId: string): Promise<string> {
      const data = await findPassData(db, tenantId, memberId);
      if (!data) throw notFound('Member not found');
      const { issuerId } = credentials;
      const object = loyaltyObjectOf(data, issuerId, tenantId, config.publicUrl);
      const row = await ensureObjectRow(db, { tenantId, memberId, objectId: object.id, points: data.points });
      const { jwt, shape } = await saveJwt(
        credentials,
        origins,
        loyaltyClassOf(data, issuerId, tenantId, config.publicUrl),
        object,
      );
      if (sync && shape !== 'class-and-object') {
        try {
          if (!(await findClassRow(db, tenantId))?.syncedAt) await sync.syncClass(tenantId);
          if (shape === 'ids' && !row?.insertedAt) await sync.syncObject(tenantId, memberId, 'insert');
        } catch (error) {
          throw unavailable(error);
        }
      }
      return `${SAVE_URL_PREFIX}${jwt}`;
    },
    /**
     * A message on the member's object (modules/messages), with Google's notice or without (`TEXT`). Answers
     * `added`, `held` when Google already holds a message of this id (a batch repeated after a crash), or
     * `absent` when Google holds no object of the member (a link never saved); throws what Google refused.
     * Without a real issuer nothing is sent: `absent`.
     */
    async addMessage(
      tenantId: string,
      memberId: string,
      message: { id: string; header: string; body: string; notify: boolean },
    ): Promise<'added' | 'held' | 'absent'> {
      const row = rest && (await findObjectRow(db, tenantId, memberId));
      if (!rest || !row) return 'absent';
      const answer = await rest.addMessage(row.objectId, {
        id: message.id,
        header: message.header,
        body: message.body,
        messageType: message.notify ? 'TEXT_AND_NOTIFY' : 'TEXT',
      });
      if (answer.status === 200) return 'added';
      if (answer.status === 409) return 'held';
      if (answer.status === 404) return 'absent';
      throw new Error(`Google answered ${answer.status} to addMessage`);
    },
    /**
     * The object's state; one not yet confirmed is looked up at Google first (a holder may have saved the
     * link since), and a Google that does not answer leaves the stored state as it is.
     */
    async status(tenantId: string, memberId: string): Promise<GooglePassStatus> {
      let row = await findObjectRow(db, tenantId, memberId);
      if (sync && row && !row.confirmedAt && (await sync.checkSaved(memberId, row.objectId).catch(() => false))) {
        row = await findObjectRow(db, tenantId, memberId);
      }
      return {
        issued: Boolean(row),
        sync: rest ? 'rest' : 'offline',
        objectId: row?.objectId ?? null,
        insertedAt: iso(row?.insertedAt),
        confirmedAt: iso(row?.confirmedAt),
        syncedAt: iso(row?.syncedAt),
        lastError: row?.lastError ?? null,
      };
    },
  };
}

export type GoogleWalletService = ReturnType<typeof createGoogleWalletService>;
