import type { Database } from '../../../db/client';
import { findPassData } from '../pass-data';
import type { GoogleCredentials } from './credentials';
import { classIdOf, loyaltyClassOf, loyaltyObjectOf, loyaltyObjectPatch } from './pass';
import {
  findClassData,
  findObjectRow,
  markClass,
  markObjectConfirmed,
  markObjectFailed,
  markObjectSynced,
  recordGoogleNotice,
} from './repository';
import { type GoogleRestClient, GoogleWalletError, type RestAnswer } from './rest';

const failure = (what: string, answer: RestAnswer) => {
  const detail = (answer.body as { error?: { message?: string } } | undefined)?.error?.message;
  return new GoogleWalletError(
    `${what}: Google answered ${answer.status}${detail ? ` (${detail})` : ''}`,
    answer.status,
  );
};

/**
 * Brings Google's copy of a tenant's class and a member's object in line with the database. Every call is
 * idempotent (insert that finds one already there updates it; PATCH of one Google never got inserts it), so a
 * job run twice after a crash does no harm. The outcome, good or bad, is recorded for the member's detail.
 */
/** What the wallet status says when Google took the class without the branches' places. */
export const MERCHANT_LOCATIONS_REFUSED =
  'Google refused the branches as merchant locations (the issuer is not allowed them): the card was saved without them';

export function createGoogleSync(
  db: Database,
  credentials: GoogleCredentials,
  rest: GoogleRestClient,
  publicUrl: string,
) {
  const { issuerId } = credentials;

  async function syncClass(tenantId: string): Promise<void> {
    const data = await findClassData(db, tenantId);
    if (!data) return;
    const full = loyaltyClassOf(data, issuerId, tenantId, publicUrl);
    const save = async (klass: typeof full) => {
      const inserted = await rest.insertClass(klass);
      return inserted.status === 409 ? rest.updateClass(klass.id, klass) : inserted;
    };
    let klass = full;
    let answer = await save(klass);
    // Google refuses merchant locations for an issuer it has not allowlisted: the class goes without them, and
    // the wallet status says so (docs/design.md §10).
    let refusedLocations = false;
    if ((answer.status === 400 || answer.status === 403) && 'merchantLocations' in full) {
      const { merchantLocations: _refused, ...bare } = full;
      klass = bare as typeof full;
      answer = await save(klass);
      refusedLocations = answer.status === 200;
    }
    if (answer.status !== 200) {
      const error = failure('loyaltyClass', answer);
      await markClass(db, tenantId, klass.id, error.message);
      throw error;
    }
    await markClass(db, tenantId, klass.id);
    if (refusedLocations) await markClass(db, tenantId, klass.id, MERCHANT_LOCATIONS_REFUSED);
  }

  /**
   * `insert`: the save link names the object by id, so Google must have it first (409: it has, PATCH it).
   * `update`: a change PATCHes it, with an update notice only when the balance moved (Google allows three a
   * day); 404 means nobody saved the inline object yet, so it is inserted.
   */
  async function syncObject(tenantId: string, memberId: string, mode: 'insert' | 'update'): Promise<void> {
    const [data, row] = await Promise.all([
      findPassData(db, tenantId, memberId),
      findObjectRow(db, tenantId, memberId),
    ]);
    if (!data || !row) return;
    const object = loyaltyObjectOf(data, issuerId, tenantId, publicUrl);
    const notify = mode === 'update' && row.pointsSynced !== data.points;
    const patch = () =>
      rest.patchObject(object.id, {
        ...loyaltyObjectPatch(data, publicUrl),
        ...(notify ? { notifyPreference: 'NOTIFY_ON_UPDATE' } : {}),
      });
    let inserted = false;
    let answer: RestAnswer;
    if (mode === 'insert') {
      answer = await rest.insertObject(object);
      inserted = answer.status === 200;
      if (answer.status === 409) answer = await patch();
    } else {
      answer = await patch();
      if (answer.status === 404) {
        answer = await rest.insertObject(object);
        inserted = answer.status === 200;
      }
    }
    if (answer.status !== 200) {
      const error = failure('loyaltyObject', answer);
      await markObjectFailed(db, memberId, error.message);
      throw error;
    }
    await markObjectSynced(db, memberId, data.points, inserted);
    // An update notice counts toward Google's three a day, as messages' notices do (modules/messages).
    if (notify && !inserted) await recordGoogleNotice(db, tenantId, memberId);
  }

  /**
   * An object that travelled inside a link reaches Google only when the holder saves it; until a change PATCHes
   * it, only a GET tells. True when Google shows it in a wallet (`hasUsers`), which then counts as confirmed.
   */
  async function checkSaved(memberId: string, objectId: string): Promise<boolean> {
    const answer = await rest.getObject(objectId);
    const saved = answer.status === 200 && (answer.body as { hasUsers?: boolean } | undefined)?.hasUsers === true;
    if (saved) await markObjectConfirmed(db, memberId);
    return saved;
  }

  /**
   * A deleted member's object is made INACTIVE: Google Wallet then shows the card as no longer valid. One Google
   * does not hold (a link never saved) is inserted INACTIVE with no member details, so a stale save link can no
   * longer bring a live card (Google keeps an object that exists over the one a link carries).
   */
  async function voidObject(tenantId: string, objectId: string): Promise<void> {
    const inactive = { state: 'INACTIVE' };
    let answer = await rest.patchObject(objectId, inactive);
    if (answer.status === 404) {
      answer = await rest.insertObject({ id: objectId, classId: classIdOf(issuerId, tenantId), ...inactive });
      // 409: saved in the meantime, so PATCH it after all; 404: the class is unknown too, so no link can be saved.
      if (answer.status === 409) answer = await rest.patchObject(objectId, inactive);
      if (answer.status === 404) return;
    }
    if (answer.status !== 200) throw failure('loyaltyObject', answer);
  }

  return { syncClass, syncObject, checkSaved, voidObject };
}

export type GoogleSync = ReturnType<typeof createGoogleSync>;
