import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { uploads } from '../db/schema';
import { badRequest } from './errors';

/** Uploaded images are served at /files/<storage key>; keys always begin with the owning tenant's id. */
export const FILES_PREFIX = '/files/';
export const fileUrlFor = (storageKey: string) => `${FILES_PREFIX}${storageKey}`;

/**
 * True when `url` names an image this tenant uploaded through the API: a URL of another tenant, of another
 * site, or of a file that was never uploaded is not accepted in any tier or settings record.
 */
export async function isOwnUploadUrl(db: Database, tenantId: string, url: string): Promise<boolean> {
  if (!url.startsWith(FILES_PREFIX)) return false;
  const key = url.slice(FILES_PREFIX.length);
  if (!key.startsWith(`${tenantId}/`) || !/^[A-Za-z0-9/._-]{1,200}$/.test(key) || key.includes('..')) return false;
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.tenantId, tenantId), eq(uploads.storageKey, key)))
    .limit(1);
  return rows.length > 0;
}

/**
 * 400 naming every field of `body` whose image is not this tenant's own upload (the settings screens'
 * images), so a form shows all its foreign images at once.
 */
export async function assertOwnUploads<F extends string>(
  db: Database,
  tenantId: string,
  body: Record<F, string>,
  fields: readonly F[],
  message: string,
): Promise<void> {
  const fieldErrors: Record<string, string> = {};
  for (const field of fields) {
    if (!(await isOwnUploadUrl(db, tenantId, body[field]))) fieldErrors[field] = message;
  }
  if (Object.keys(fieldErrors).length > 0) throw badRequest(fieldErrors);
}
