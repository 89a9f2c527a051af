import { z } from 'zod';
import { BRANCHES_MAX } from './branches';
import { CLEAN_TEXT, idParamSchema, isCleanText, pageQuery, pageSchema, ROLES } from './common';
import { PHONE_PATTERN } from './phone';

/** Team users (docs/spec/data-screens.md §3, §5, §9; docs/design.md §4 /api/tenants/users). */
export const USER_MESSAGES = {
  required: 'Required',
  email: 'Invalid email',
  phone: 'Invalid phone (use + country code)',
  password: 'Password must be at least 8 characters',
  role: 'Role must be ADMIN or STAFF',
  status: 'Required',
} as const;

export const USERS_PAGE_SIZE = 5;
export const USER_SORT_FIELDS = ['createdAt', 'firstName', 'lastName', 'email', 'role', 'status'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];
export const USER_STATUSES = ['PENDING_VERIFICATION', 'ACTIVE', 'INACTIVE'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
/** Roles an admin may hand out; the owner exists once and is never assigned. */
export const ASSIGNABLE_ROLES = ['ADMIN', 'STAFF'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];
export const USER_FILTER_MAX = 100;
export const USER_TEXT_MAX = 120;
export const USER_PASSWORD_MIN = 8;
export const USER_PASSWORD_MAX = 128;

/** GET /api/tenants/users query. */
export const usersQuerySchema = z.object({
  ...pageQuery(USERS_PAGE_SIZE),
  sortBy: z.enum(USER_SORT_FIELDS, { error: `Sort by one of ${USER_SORT_FIELDS.join(', ')}` }).default('createdAt'),
  direction: z.enum(['asc', 'desc'], { error: 'Direction must be asc or desc' }).default('desc'),
  filter: z
    .string()
    .max(USER_FILTER_MAX, `At most ${USER_FILTER_MAX} characters`)
    .refine(isCleanText, CLEAN_TEXT)
    .optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

/** One row of the list; `userId` is the account id, the id the PUT and DELETE paths take. */
export const tenantUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  tenantId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  /** The branches the user records at (docs/design.md §10); empty: every branch. */
  branchIds: z.array(z.string()).optional(),
});
export type TenantUser = z.infer<typeof tenantUserSchema>;
export const tenantUsersPageSchema = pageSchema(tenantUserSchema);
export type TenantUsersPage = z.infer<typeof tenantUsersPageSchema>;

const requiredText = z
  .string({ error: USER_MESSAGES.required })
  .trim()
  .min(1, USER_MESSAGES.required)
  .max(USER_TEXT_MAX, `At most ${USER_TEXT_MAX} characters`)
  .refine(isCleanText, CLEAN_TEXT);

const email = z
  .string({ error: USER_MESSAGES.email })
  .trim()
  .max(254, USER_MESSAGES.email)
  .pipe(z.email(USER_MESSAGES.email));

const phone = z.string({ error: USER_MESSAGES.phone }).trim().regex(PHONE_PATTERN, USER_MESSAGES.phone);

/** ADMIN or STAFF in any letter case (the edit dialog says Admin / Staff); always upper case after parsing. */
const role = z
  .string({ error: USER_MESSAGES.required })
  .trim()
  .min(1, USER_MESSAGES.required)
  .max(20, USER_MESSAGES.role)
  .transform((value) => value.toUpperCase())
  .pipe(z.enum(ASSIGNABLE_ROLES, { error: USER_MESSAGES.role }));

const password = z
  .string({ error: USER_MESSAGES.password })
  .min(USER_PASSWORD_MIN, USER_MESSAGES.password)
  .max(USER_PASSWORD_MAX, `At most ${USER_PASSWORD_MAX} characters`);

/** The branches a team user records at; empty: every branch; absent from a body: unchanged (docs/design.md §10). */
const branchIds = z
  .array(idParamSchema, { error: 'Choose branches of this business' })
  .max(BRANCHES_MAX, `At most ${BRANCHES_MAX} branches`)
  .transform((ids) => [...new Set(ids)])
  .optional();

/** POST /api/tenants/users body (and the Add user form). */
export const createUserSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email,
  phone,
  role,
  password,
  branchIds,
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUserBody = z.output<typeof createUserSchema>;

/** PUT /api/tenants/users/{userId} body (and the Edit user form); an empty new password means no change. */
export const updateUserSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email,
  phone,
  role,
  status: z.enum(['ACTIVE', 'INACTIVE'], { error: USER_MESSAGES.status }),
  newPassword: z
    .string({ error: USER_MESSAGES.password })
    .max(USER_PASSWORD_MAX, `At most ${USER_PASSWORD_MAX} characters`)
    .refine((value) => value === '' || value.length >= USER_PASSWORD_MIN, USER_MESSAGES.password)
    .optional(),
  branchIds,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUserBody = z.output<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({
  userId: idParamSchema,
});
