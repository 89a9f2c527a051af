import { BRANCH_MESSAGES, type CreateUserBody, type TenantUser, type UpdateUserBody } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import type { UpdateRequest, UserRecord } from 'firebase-admin/auth';
import type { RecordChange } from '../../lib/changes';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { Membership } from '../../plugins/membership';
import { ownBranchIds } from '../branches';
import {
  addToTenant,
  belongsToOtherTenant,
  emailInTenant,
  findAccountByEmail,
  findTenantUser,
  removeTenantUser,
  updateTenantUser,
} from './repository';

const USER_ERRORS = {
  inTenant: 'This email is already a user of this business.',
  unverified:
    'An account with this email exists but its email is not verified. Ask its holder to verify the email first, or use another address.',
  emailTaken: 'This email is already in use by another account.',
  phoneTaken: 'This phone number is already in use by another account.',
  ownerRow: 'The owner cannot be edited or removed.',
  ownRow: 'You cannot remove yourself.',
  shared: 'This account also belongs to another business: only its holder can change its email, phone or password.',
  notFound: 'User not found',
} as const;

const codeOf = (err: unknown) => (err as { code?: string }).code;

async function firebaseUserByEmail(app: FastifyInstance, email: string): Promise<UserRecord | undefined> {
  try {
    return await app.firebase.auth.getUserByEmail(email);
  } catch (err) {
    if (codeOf(err) === 'auth/user-not-found') return undefined;
    throw err;
  }
}

/** Firebase refusals that concern a field of the form become that field's error. */
function firebaseFieldError(err: unknown, passwordField: 'password' | 'newPassword'): AppError | undefined {
  switch (codeOf(err)) {
    case 'auth/email-already-exists':
      return new AppError(409, USER_ERRORS.emailTaken, {
        error: 'CONFLICT',
        errors: { email: USER_ERRORS.emailTaken },
      });
    case 'auth/phone-number-already-exists':
      return new AppError(409, USER_ERRORS.phoneTaken, {
        error: 'CONFLICT',
        errors: { phone: USER_ERRORS.phoneTaken },
      });
    case 'auth/invalid-email':
      return badRequest({ email: 'Invalid email' });
    case 'auth/invalid-phone-number':
      return badRequest({ phone: 'Invalid phone (use + country code)' });
    case 'auth/invalid-password':
      return badRequest({ [passwordField]: 'Password must be at least 8 characters' });
    default:
      return undefined;
  }
}

/** Branches a user is bound to must be this business's: another's is not found, as everything of theirs. */
async function assertOwnBranches(app: FastifyInstance, tenantId: string, ids: string[] | undefined) {
  if (!ids?.length) return;
  const own = await ownBranchIds(app.db, tenantId, ids);
  if (ids.every((id) => own.has(id))) return;
  throw new AppError(404, BRANCH_MESSAGES.BRANCH_NOT_FOUND, {
    error: 'BRANCH_NOT_FOUND',
    errors: { branchIds: BRANCH_MESSAGES.BRANCH_NOT_FOUND },
  });
}

const inTenantError = () =>
  new AppError(409, USER_ERRORS.inTenant, { error: 'CONFLICT', errors: { email: USER_ERRORS.inTenant } });

/**
 * POST /api/tenants/users. A new e-mail gets a Firebase user made with the admin SDK (no phone: the user proves
 * one by SMS at first sign-in) and a PENDING_VERIFICATION row. An e-mail Firebase already knows joins this
 * tenant without its password being touched, and only when Firebase shows the e-mail verified: anyone can
 * open an account with someone else's unverified address.
 */
export async function createTenantUser(
  app: FastifyInstance,
  tenant: Membership,
  body: CreateUserBody,
  recordChange: RecordChange,
): Promise<TenantUser> {
  const email = body.email.toLowerCase();
  const role = body.role === 'ADMIN' ? 'admin' : 'staff';
  if (await emailInTenant(app.db, tenant.tenantId, email)) throw inTenantError();
  await assertOwnBranches(app, tenant.tenantId, body.branchIds);

  let firebaseUser = await firebaseUserByEmail(app, email);
  let created = false;
  if (!firebaseUser) {
    try {
      firebaseUser = await app.firebase.auth.createUser({
        email,
        password: body.password,
        displayName: `${body.firstName} ${body.lastName}`,
        emailVerified: false,
      });
      created = true;
    } catch (err) {
      // Someone opened an account with this e-mail a moment ago: it is not verified, so it may not join.
      if (codeOf(err) === 'auth/email-already-exists') throw conflict(USER_ERRORS.unverified, 'EMAIL_NOT_VERIFIED');
      throw firebaseFieldError(err, 'password') ?? err;
    }
  } else if (!firebaseUser.emailVerified) {
    throw new AppError(409, USER_ERRORS.unverified, {
      error: 'EMAIL_NOT_VERIFIED',
      errors: { email: USER_ERRORS.unverified },
    });
  }

  // An account whose phone Firebase already verified has nothing left to prove.
  const status = firebaseUser.phoneNumber ? 'ACTIVE' : 'PENDING_VERIFICATION';
  let outcome: Awaited<ReturnType<typeof addToTenant>>;
  try {
    outcome = await addToTenant(
      app.db,
      tenant.tenantId,
      {
        uid: firebaseUser.uid,
        email,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: firebaseUser.phoneNumber ?? body.phone,
      },
      role,
      status,
      recordChange,
      body.branchIds ?? [],
    );
  } catch (err) {
    if (created) await deleteFirebaseUser(app, firebaseUser.uid);
    throw err;
  }
  if (outcome.kind !== 'added') {
    if (created) await deleteFirebaseUser(app, firebaseUser.uid);
    if (outcome.kind === 'in-tenant') throw inTenantError();
    throw new AppError(409, USER_ERRORS.emailTaken, { error: 'CONFLICT', errors: { email: USER_ERRORS.emailTaken } });
  }
  const row = await findTenantUser(app.db, tenant.tenantId, outcome.accountId);
  if (!row) throw notFound(USER_ERRORS.notFound);
  return publicRow(row);
}

const publicRow = ({ uid: _uid, ...row }: TenantUser & { uid: string }): TenantUser => row;

/**
 * PUT /api/tenants/users/{userId}. Never the owner's row; sign-in details (e-mail, phone, password) go to
 * Firebase too, and only for an account no other tenant holds. INACTIVE revokes the user's refresh tokens.
 */
export async function updateUser(
  app: FastifyInstance,
  tenant: Membership,
  accountId: string,
  body: UpdateUserBody,
  recordChange: RecordChange,
): Promise<TenantUser> {
  const target = await findTenantUser(app.db, tenant.tenantId, accountId);
  if (!target) throw notFound(USER_ERRORS.notFound);
  if (target.role === 'owner') throw forbidden(USER_ERRORS.ownerRow, 'OWNER_ROW');
  await assertOwnBranches(app, tenant.tenantId, body.branchIds);

  const email = body.email.toLowerCase();
  const emailChanged = email !== target.email.toLowerCase();
  const phoneChanged = body.phone !== target.phone;
  const newPassword = body.newPassword ? body.newPassword : undefined;
  if ((emailChanged || phoneChanged || newPassword) && (await belongsToOtherTenant(app.db, tenant.tenantId, accountId)))
    throw forbidden(USER_ERRORS.shared, 'SHARED_ACCOUNT');
  if (emailChanged) {
    const holder = await findAccountByEmail(app.db, email);
    if (holder && holder.id !== accountId)
      throw new AppError(409, USER_ERRORS.emailTaken, { error: 'CONFLICT', errors: { email: USER_ERRORS.emailTaken } });
  }

  const update: UpdateRequest = {};
  if (emailChanged) Object.assign(update, { email, emailVerified: false });
  if (newPassword) update.password = newPassword;
  if (phoneChanged) {
    // A user still to verify a phone has none in Firebase; theirs is proven by SMS at first sign-in (setting
    // one here would skip that proof), so until then the number lives on the row only.
    const current = await app.firebase.auth.getUser(target.uid);
    if (current.phoneNumber) update.phoneNumber = body.phone;
  }
  if (Object.keys(update).length > 0) {
    try {
      await app.firebase.auth.updateUser(target.uid, update);
    } catch (err) {
      throw firebaseFieldError(err, 'newPassword') ?? err;
    }
  }

  const role = body.role === 'ADMIN' ? 'admin' : 'staff';
  const changed = await updateTenantUser(
    app.db,
    tenant.tenantId,
    accountId,
    {
      firstName: body.firstName,
      lastName: body.lastName,
      email,
      phone: body.phone,
      role,
      status: body.status,
      branchIds: body.branchIds,
    },
    recordChange,
  );
  if (!changed) throw notFound(USER_ERRORS.notFound);
  if (body.status === 'INACTIVE') await app.firebase.auth.revokeRefreshTokens(target.uid);
  const row = await findTenantUser(app.db, tenant.tenantId, accountId);
  if (!row) throw notFound(USER_ERRORS.notFound);
  return publicRow(row);
}

/** DELETE /api/tenants/users/{userId}/permanent: never the owner's row nor the caller's own. */
export async function deleteUser(
  app: FastifyInstance,
  tenant: Membership,
  accountId: string,
  recordChange: RecordChange,
): Promise<void> {
  const target = await findTenantUser(app.db, tenant.tenantId, accountId);
  if (!target) throw notFound(USER_ERRORS.notFound);
  if (target.role === 'owner') throw forbidden(USER_ERRORS.ownerRow, 'OWNER_ROW');
  if (target.userId === tenant.accountId) throw forbidden(USER_ERRORS.ownRow, 'OWN_ROW');
  const result = await removeTenantUser(app.db, tenant.tenantId, accountId, recordChange);
  if (!result.removed) throw notFound(USER_ERRORS.notFound);
  if (result.orphanUid) await deleteFirebaseUser(app, result.orphanUid);
}

async function deleteFirebaseUser(app: FastifyInstance, uid: string): Promise<void> {
  try {
    await app.firebase.auth.deleteUser(uid);
  } catch (err) {
    if (codeOf(err) !== 'auth/user-not-found') throw err;
  }
}
