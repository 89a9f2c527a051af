import { randomUUID } from 'node:crypto';
import { IMPORT_MESSAGES, type ImportError, MEMBER_MESSAGES } from '@loyalty/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queries } from '../../db/client';
import { members, pointsLedger } from '../../db/schema';
import type { ChangeEvent } from '../../lib/changes';
import type { Writers } from '../ledger';
import { dbNow } from '../ledger';
import { centsToDecimal, effectiveTierId, loadTiers, type TierRow, tierForSpend, toCents } from '../points';
import { importStamps, type StampImportRow } from '../stamp-card';
import { memberData } from './events';
import { reserveMembershipCodes, spendableColumn } from './repository';

/**
 * A CSV import's writes (docs/design.md §8), a batch of rows in one transaction: the members module's own write path
 * for many members at once (one statement per kind of write, not one transaction per row, so 100,000 rows
 * fit in a minute). Rows arrive already checked by the member form's rules (contracts importRowSchema);
 * what only the database knows (tiers by name, codes and contacts already taken) is checked here, and a
 * row that fails becomes an error of its own while the others go on.
 *
 * Points are the balance the member should have (what an export shows): the difference from the current
 * spendable balance is one IMPORT entry, keyed `import:<file sha256>:<row>`, so the same file never applies
 * twice, and a new export imported back changes nothing. Lifetime spend is set as given and decides the
 * tier (the members module's rule); a tier column equal to the tier by spend pins nothing, another pins it.
 * Stamps are the stamps the current card should hold, the same way (the stamp cards' importStamps).
 */

export type ImportRow = {
  /** The row's line in the file (the header is line 1), as the errors name it. */
  row: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  membershipCode: string;
  tier: string;
  points: string;
  lifetimeSpend: string;
  /** `--MM-DD`, or empty: none for a new member, the stored one kept for an existing member. */
  birthday?: string;
  /** The stamps on the current card (docs/design.md §10), or empty: as they are. */
  stamps?: string;
};

type ImportBatchResult = { created: number; updated: number; errors: ImportError[] };

type Existing = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  code: string;
  tierId: string | null;
  tierPinned: boolean;
  lifetimeSpend: string;
  balance: number;
};

type Planned = {
  row: ImportRow;
  id: string;
  existing?: Existing;
  tierId: string | null;
  tierPinned: boolean;
  spendCents: bigint;
  code?: string;
  /** Points to add (+) or take (−) so the balance becomes the file's; 0 when nothing changes. */
  difference: number;
  key: string;
};

const lower = (text: string) => text.toLowerCase();

/**
 * Whether the batch's update changes what member.updated carries of an existing member (its points go out as
 * points.adjusted): an empty e-mail or phone keeps the stored one, as the update statement does.
 */
function profileChanged(p: Planned): boolean {
  const was = p.existing;
  if (!was) return false;
  return (
    p.row.firstName !== was.firstName ||
    p.row.lastName !== was.lastName ||
    (p.row.email !== '' && lower(p.row.email) !== was.email) ||
    (p.row.phone !== '' && p.row.phone !== was.phone) ||
    p.tierId !== was.tierId ||
    p.tierPinned !== was.tierPinned ||
    p.spendCents !== toCents(was.lifetimeSpend)
  );
}

/**
 * The members the batch's rows may match, by phone, e-mail or code: three index lookups rather than one OR
 * (which PostgreSQL reads as a scan of the tenant), the phone one saying `<> ''` so the partial index
 * members_tenant_phone_key serves it (the planner cannot prove that from a list of more than 100 phones).
 */
async function existingFor(tx: Queries, tenantId: string, rows: ImportRow[]): Promise<Existing[]> {
  const phones = [...new Set(rows.map((r) => r.phone).filter(Boolean))];
  const emails = [...new Set(rows.map((r) => lower(r.email)).filter(Boolean))];
  const codes = [...new Set(rows.map((r) => lower(r.membershipCode)).filter(Boolean))];
  const lookups: SQL[] = [];
  if (phones.length) lookups.push(and(sql`${members.phone} <> ''`, inArray(members.phone, phones)) as SQL);
  if (emails.length) lookups.push(inArray(sql`lower(${members.email})`, emails));
  if (codes.length) lookups.push(inArray(sql`lower(${members.membershipCode})`, codes));
  const found = new Map<string, Existing>();
  for (const lookup of lookups) {
    const matched = await tx
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        phone: members.phone,
        email: sql<string | null>`lower(${members.email})`,
        code: sql<string>`lower(${members.membershipCode})`,
        tierId: members.tierId,
        tierPinned: members.tierPinned,
        lifetimeSpend: members.lifetimeSpend,
        balance: spendableColumn,
      })
      .from(members)
      .where(and(eq(members.tenantId, tenantId), lookup));
    for (const m of matched) found.set(m.id, m);
  }
  return [...found.values()];
}

async function keysDone(tx: Queries, tenantId: string, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await tx
    .select({ key: pointsLedger.idempotencyKey })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.tenantId, tenantId), inArray(pointsLedger.idempotencyKey, keys)));
  return new Set(rows.map((r) => r.key as string));
}

function tierByName(tiers: TierRow[], name: string) {
  const wanted = lower(name.trim());
  return tiers.find((t) => lower(t.name) === wanted);
}

/**
 * Plans (and, unless `apply` is false, writes) one batch of rows in `tx`. A dry run plans only: the same
 * checks, nothing written.
 */
export async function importMemberBatch(
  { ledger, changes: feed }: Writers,
  tx: Queries,
  tenantId: string,
  rows: ImportRow[],
  opts: { fileHash: string; accountId: string | null; apply: boolean },
): Promise<ImportBatchResult> {
  const errors: ImportError[] = [];
  const [tiers, existing] = await Promise.all([loadTiers(tx, tenantId), existingFor(tx, tenantId, rows)]);
  const byPhone = new Map(existing.filter((m) => m.phone).map((m) => [m.phone, m]));
  const byEmail = new Map(existing.filter((m) => m.email).map((m) => [m.email as string, m]));
  const byCode = new Map(existing.map((m) => [m.code, m]));
  const keyOf = (row: ImportRow) => `import:${opts.fileHash}:${row.row}`;
  const done = await keysDone(tx, tenantId, rows.map(keyOf));

  const plans: Planned[] = [];
  for (const row of rows) {
    const fail = (field: string, message: string) => errors.push({ row: row.row, field, message });
    const email = lower(row.email);
    const phoneMatch = row.phone ? byPhone.get(row.phone) : undefined;
    const emailMatch = email ? byEmail.get(email) : undefined;
    const match = phoneMatch ?? emailMatch;
    if (phoneMatch && emailMatch && phoneMatch.id !== emailMatch.id) {
      fail('email', MEMBER_MESSAGES.emailTaken);
      continue;
    }
    const codeHolder = row.membershipCode ? byCode.get(lower(row.membershipCode)) : undefined;
    if (!match && codeHolder) {
      fail('membershipCode', IMPORT_MESSAGES.codeTaken);
      continue;
    }
    let tier: TierRow | undefined;
    if (row.tier) {
      tier = tierByName(tiers, row.tier);
      if (!tier) {
        fail('tier', IMPORT_MESSAGES.unknownTier);
        continue;
      }
    }
    const spendCents = row.lifetimeSpend ? toCents(row.lifetimeSpend) : toCents(match?.lifetimeSpend ?? '0');
    const bySpend = tierForSpend(spendCents, tiers)?.id ?? null;
    const tierPinned = tier ? tier.id !== bySpend : (match?.tierPinned ?? false);
    const tierId = tier ? tier.id : effectiveTierId(tierPinned, match?.tierId ?? null, spendCents, tiers);
    const key = keyOf(row);
    const target = row.points === '' ? undefined : Number(row.points);
    const difference = target === undefined || done.has(key) ? 0 : target - (match?.balance ?? 0);
    plans.push({
      row,
      id: match?.id ?? randomUUID(),
      ...(match ? { existing: match } : {}),
      tierId,
      tierPinned,
      spendCents,
      ...(row.membershipCode && !match ? { code: row.membershipCode } : {}),
      difference,
      key,
    });
  }

  const creates = plans.filter((p) => !p.existing);
  const updates = plans.filter((p) => p.existing);
  const stampRows: StampImportRow[] = plans
    .filter((p) => p.row.stamps)
    .map((p) => ({ row: p.row.row, memberId: p.id, stamps: Number(p.row.stamps), key: p.key, isNew: !p.existing }));
  if (!opts.apply) {
    // A dry run cannot take points without reading lots; a negative difference is checked when it runs.
    // `updated` counts the members a row would change, not the rows that merely match one.
    const stamped = await importStamps(tx, feed, { tenantId, accountId: opts.accountId, apply: false }, stampRows);
    errors.push(...stamped.errors);
    const restamped = new Set(stamped.changed);
    const changing = updates.filter((p) => profileChanged(p) || p.difference !== 0 || restamped.has(p.id));
    return { created: creates.length, updated: changing.length, errors };
  }

  const now = await dbNow(tx);
  if (creates.length) {
    const codes = await reserveMembershipCodes(tx, tenantId, creates.filter((p) => !p.code).length);
    let next = 0;
    await tx.insert(members).values(
      creates.map((p, i) => ({
        id: p.id,
        tenantId,
        firstName: p.row.firstName,
        lastName: p.row.lastName,
        email: p.row.email ? lower(p.row.email) : null,
        phone: p.row.phone,
        membershipCode: p.code ?? (codes[next++] as string),
        tierId: p.tierId,
        tierPinned: p.tierPinned,
        lifetimeSpend: centsToDecimal(p.spendCents),
        birthday: p.row.birthday || null,
        // A microsecond apart in file order: the list (newest first) and the codes then follow the file.
        createdAt: sql`${now.toISOString()}::timestamptz + ${i} * interval '1 microsecond'`,
      })),
    );
  }
  if (updates.length) {
    // One statement for the batch: the file's values joined on the member ids.
    const values = updates.map((p) => ({
      id: p.id,
      first_name: p.row.firstName,
      last_name: p.row.lastName,
      email: p.row.email ? lower(p.row.email) : null,
      keep_email: !p.row.email,
      phone: p.row.phone,
      tier_id: p.tierId,
      tier_pinned: p.tierPinned,
      lifetime_spend: centsToDecimal(p.spendCents),
      birthday: p.row.birthday || null,
    }));
    await tx.execute(sql`update ${members} as m set
        first_name = v.first_name, last_name = v.last_name,
        email = case when v.keep_email then m.email else v.email end,
        phone = case when v.phone = '' then m.phone else v.phone end,
        tier_id = v.tier_id, tier_pinned = v.tier_pinned, lifetime_spend = v.lifetime_spend,
        birthday = coalesce(v.birthday, m.birthday), updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as v(id text, first_name text, last_name text,
        email text, keep_email boolean, phone text, tier_id text, tier_pinned boolean, lifetime_spend numeric,
        birthday text)
      where m.tenant_id = ${tenantId} and m.id = v.id`);
  }

  // The opening balances go through the ledger, which tells the batch's member events (read after its writes)
  // and its entries' to the app's listeners: cards already issued show names, points and tier (new members
  // hold none yet), webhooks send member.created, member.updated and points.adjusted.
  const changed = updates.filter(profileChanged);
  const applied = await ledger.apply(tx, {
    type: 'import',
    tenantId,
    accountId: opts.accountId,
    now,
    entries: plans.filter((p) => p.difference !== 0).map((p) => ({ memberId: p.id, points: p.difference, key: p.key })),
    alongside: (tx) => memberEvents(tx, tenantId, creates, changed),
  });
  const spent = new Set(applied.result.spentAlready);
  for (const p of plans) {
    if (spent.has(p.id)) errors.push({ row: p.row.row, field: 'points', message: IMPORT_MESSAGES.spentAlready });
  }
  const stamped = await importStamps(tx, feed, { tenantId, accountId: opts.accountId, apply: true }, stampRows);
  errors.push(...stamped.errors);
  // Updated means changed: a row equal to what is stored (a file imported again) counts for nothing, tells no
  // card and sends no event.
  const moved = new Set([...changed.map((p) => p.id), ...applied.events.map((e) => e.memberId), ...stamped.changed]);
  const touched = updates.filter((p) => moved.has(p.id));
  return { created: creates.length, updated: touched.length, errors };
}

/**
 * The batch's member events: member.created for each member it made (as it stands after the batch, opening
 * balance included), member.updated for each existing member whose name, contacts, tier or spend it changed. A
 * member whose row holds what is stored already sends nothing: a file imported again rewrites every row with
 * the values it already has, and receivers would hear of changes that did not happen. Each member's figures
 * are read once, after the writes.
 */
async function memberEvents(
  tx: Queries,
  tenantId: string,
  creates: Planned[],
  changed: Planned[],
): Promise<ChangeEvent[]> {
  const ids = [...new Set([...creates.map((p) => p.id), ...changed.map((p) => p.id)])];
  if (ids.length === 0) return [];
  const rows = await tx
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), inArray(members.id, ids)));
  const byId = new Map(rows.map((m) => [m.id, m]));
  const events: ChangeEvent[] = [];
  for (const p of creates) {
    const made = byId.get(p.id);
    if (made) events.push({ type: 'member.created', member: memberData(made) });
  }
  for (const p of changed) {
    const after = byId.get(p.id);
    if (after)
      events.push({ type: 'member.updated', member: memberData(after), fromTierId: p.existing?.tierId ?? null });
  }
  return events;
}
