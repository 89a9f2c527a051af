import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queries } from '../db/client';
import { type FieldChange, memberKeys, members } from '../db/schema';

/**
 * Crypto-shredding of the audit trail (docs/design.md §9, backups and the customer's own data). The trail is append-only,
 * so a person's details in it (names, phone, e-mail, code in changed fields) are sealed with a key per member,
 * kept in member_keys; erasing the member deletes its row and, with it, the key: the trail stays whole and
 * what it held of the person can no longer be read by anyone.
 */

/** The fields of a member event that name the person. */
const PERSONAL_FIELDS = new Set(['firstName', 'lastName', 'email', 'phone', 'membershipCode', 'birthday']);

/** What the trail shows where a person's details were sealed with a key that erasure destroyed. */
const ERASED_VALUE = '[erased]';

const PREFIX = 'sealed:v1:';

/** `member`: whose key sealed it, when the event's target is not that member (a message to them). */
type Sealed = { sealed: string; member?: string };
const isSealed = (v: unknown): v is Sealed =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Sealed).sealed === 'string' &&
  (v as Sealed).sealed.startsWith(PREFIX);

function seal(key: Buffer, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { sealed: `${PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}` };
}

function unseal(key: Buffer, value: Sealed): unknown {
  const [iv, body] = value.sealed.slice(PREFIX.length).split('.') as [string, string];
  const data = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return JSON.parse(Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString());
}

/**
 * The member's key, made on first use in `tx`. Undefined when the member's row is gone (erased, or never
 * made): then nothing of the person may be written at all.
 */
async function memberKey(tx: Queries, tenantId: string, memberId: string): Promise<Buffer | undefined> {
  await tx.execute(sql`insert into ${memberKeys} (member_id, tenant_id, key)
    select ${members.id}, ${members.tenantId}, ${randomBytes(32).toString('base64')}::text from ${members}
    where ${members.tenantId} = ${tenantId} and ${members.id} = ${memberId}
    on conflict (member_id) do nothing`);
  const [row] = await tx
    .select({ key: memberKeys.key })
    .from(memberKeys)
    .where(and(eq(memberKeys.tenantId, tenantId), eq(memberKeys.memberId, memberId)));
  return row ? Buffer.from(row.key, 'base64') : undefined;
}

/** The changes with every personal field's before and after sealed by the member's key (or dropped without one). */
export async function sealPersonal(
  tx: Queries,
  tenantId: string,
  memberId: string,
  changes: Record<string, FieldChange>,
  /** Other fields to seal, for an event whose target is not the member (its sealed values then name the member). */
  fields?: readonly string[],
): Promise<Record<string, FieldChange>> {
  const personalFields = fields ? new Set(fields) : PERSONAL_FIELDS;
  const personal = Object.keys(changes).filter((f) => personalFields.has(f));
  if (personal.length === 0) return changes;
  const key = await memberKey(tx, tenantId, memberId);
  const out = { ...changes };
  for (const field of personal) {
    const change = changes[field] as FieldChange;
    const sealOne = (v: unknown) =>
      v === null ? null : key ? { ...seal(key, v), ...(fields ? { member: memberId } : {}) } : ERASED_VALUE;
    out[field] = { before: sealOne(change.before), after: sealOne(change.after) };
  }
  return out;
}

/** Events as the trail stores them, made readable: sealed values opened with their member's key, or `[erased]`. */
export async function unsealEvents<
  E extends { targetType: string; targetId: string | null; changes: Record<string, FieldChange> },
>(db: Queries, tenantId: string, events: E[]): Promise<E[]> {
  // Whose key opens each event's sealed values: the member it targets, or the member a sealed value names.
  const memberOf = (event: E, value: Sealed) =>
    value.member ?? (event.targetType === 'member' ? (event.targetId ?? undefined) : undefined);
  const sealedIn = (event: E) => Object.values(event.changes).flatMap((c) => [c.before, c.after].filter(isSealed));
  const ids = [...new Set(events.flatMap((e) => sealedIn(e).flatMap((v) => memberOf(e, v) ?? [])))];
  if (ids.length === 0) return events;
  const rows = await db
    .select({ memberId: memberKeys.memberId, key: memberKeys.key })
    .from(memberKeys)
    .where(and(eq(memberKeys.tenantId, tenantId), inArray(memberKeys.memberId, ids)));
  const keys = new Map(rows.map((r) => [r.memberId, Buffer.from(r.key, 'base64')]));
  return events.map((event) => {
    const open = (v: unknown) => {
      if (!isSealed(v)) return v;
      const member = memberOf(event, v);
      const key = member ? keys.get(member) : undefined;
      return key ? unseal(key, v) : ERASED_VALUE;
    };
    let changes = event.changes;
    for (const [field, change] of Object.entries(event.changes)) {
      if (!isSealed(change.before) && !isSealed(change.after)) continue;
      changes = { ...changes, [field]: { before: open(change.before), after: open(change.after) } };
    }
    return changes === event.changes ? event : { ...event, changes };
  });
}
