import { BRANCH_MESSAGES, type BranchCode } from '@loyalty/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Queries } from '../../db/client';
import { branches, tenantUsers } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Who records an entry: a staff account is held to its branches; owners, admins and API keys are not. */
export type EntryRecorder = { tenantId: string; accountId: string | null; bound: boolean };

/** The recorder of an authenticated tenant request. */
export const recorderOf = (request: FastifyRequest): EntryRecorder => ({
  tenantId: request.tenant.tenantId,
  accountId: request.apiKey ? null : request.tenant.accountId,
  bound: !request.apiKey && request.tenant.role === 'staff',
});

const refused = (status: number, code: BranchCode) =>
  new AppError(status, BRANCH_MESSAGES[code], { error: code, errors: { branchId: BRANCH_MESSAGES[code] } });

/**
 * The branch a write records (docs/design.md §10 "Branches"), for every module that writes an entry (purchases,
 * redemptions, refunds, reversals, reward redemptions, stamps). A named branch must be this business's (404
 * BRANCH_NOT_FOUND: another business's branch is not found, as everything of theirs) and active (409
 * BRANCH_INACTIVE). Staff name one of their branches (403 BRANCH_NOT_ALLOWED otherwise); naming none, they record
 * at the one active branch open to them, else 400 BRANCH_REQUIRED. Owners, admins and keys name any or none. A
 * business without an active branch never needs one: null.
 *
 * Where the contract is silent: a staff user bound to no branch (every branch) in a business with one active
 * branch records there, as one bound to it would.
 */
export async function resolveEntryBranch(
  db: Queries,
  recorder: EntryRecorder,
  branchId: string | null | undefined,
): Promise<string | null> {
  const { tenantId, accountId } = recorder;
  const [all, bound] = await Promise.all([
    db.select({ id: branches.id, active: branches.active }).from(branches).where(eq(branches.tenantId, tenantId)),
    recorder.bound && accountId ? boundBranchIds(db, tenantId, accountId) : Promise.resolve([]),
  ]);
  if (branchId) {
    const named = all.find((b) => b.id === branchId);
    if (!named) throw refused(404, 'BRANCH_NOT_FOUND');
    if (!named.active) throw refused(409, 'BRANCH_INACTIVE');
    if (recorder.bound && bound.length > 0 && !bound.includes(branchId)) throw refused(403, 'BRANCH_NOT_ALLOWED');
    return branchId;
  }
  const active = all.filter((b) => b.active);
  if (active.length === 0 || !recorder.bound) return null;
  const open = bound.length > 0 ? active.filter((b) => bound.includes(b.id)) : active;
  if (open.length === 1) return (open[0] as { id: string }).id;
  throw refused(400, 'BRANCH_REQUIRED');
}

async function boundBranchIds(db: Queries, tenantId: string, accountId: string): Promise<string[]> {
  const [row] = await db
    .select({ branchIds: tenantUsers.branchIds })
    .from(tenantUsers)
    .where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.accountId, accountId)));
  return row?.branchIds ?? [];
}

/** The branches a user records at, as the rules above hold them: staff their own, owners and admins any ([]). */
export async function recorderBranchIds(
  db: Queries,
  tenantId: string,
  accountId: string,
  role: string,
): Promise<string[]> {
  return role === 'staff' ? boundBranchIds(db, tenantId, accountId) : [];
}
