import { type Branch, createUserSchema, type TenantUser, updateUserSchema, usersQuerySchema } from '@loyalty/contracts';
import { apiError, json, noContent, pageOf, type Route, routeFetch } from '@/test/fake-api';

export const OWNER: TenantUser = {
  id: 'row-owner',
  userId: 'u-1',
  tenantId: 't-1',
  firstName: 'Olivia',
  lastName: 'Owner',
  email: 'owner@example.test',
  phone: '+15550000001',
  role: 'owner',
  status: 'ACTIVE',
};

export function teamUser(n: number, overrides: Partial<TenantUser> = {}): TenantUser {
  return {
    id: `row-${n}`,
    userId: `u-${n + 100}`,
    tenantId: 't-1',
    firstName: `First${n}`,
    lastName: `Last${n}`,
    email: `user${n}@example.test`,
    phone: `+1555000${String(n).padStart(4, '0')}`,
    role: 'staff',
    status: 'ACTIVE',
    ...overrides,
  };
}

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
  apiError(400, 'Validation failed', { errors: fieldErrors(issues) });

/**
 * A stand-in for /api/tenants/users on the shared fake API: bodies and queries are checked with the
 * contracts, every call lands in `log` ("GET page=0 filter=", "POST ...", ...), and fail() makes the next
 * call of a method answer an error.
 */
export function createFakeUsersServer(initial: TenantUser[] = [OWNER], { branches }: { branches?: Branch[] } = {}) {
  let users = [...initial];
  const log: string[] = [];
  const failures = new Map<string, { status: number; body: unknown }>();
  let hold: Promise<void> | null = null;

  /** The users API answers the failure the test set up for this method, once, instead of `route`. */
  const orFailure =
    (route: Route): Route =>
    (request) => {
      const failure = failures.get(request.method);
      if (!failure) return route(request);
      failures.delete(request.method);
      log.push(`${request.method} failed`);
      return json(failure.body, failure.status);
    };

  const { fetch } = routeFetch({
    '/api/users/me': () => json({ firstName: 'Olivia', lastName: 'Owner', email: OWNER.email, phone: OWNER.phone }),
    // A business with branches (docs/design.md §10) when the test gives some; else the route is unknown (404).
    'GET /api/tenants/branches': () => (branches ? json({ content: branches }) : apiError(404, 'Not found')),
    'GET /api/tenants/users': orFailure(async ({ query: raw }) => {
      if (hold) await hold;
      const query = usersQuerySchema.parse(raw);
      log.push(
        `GET page=${query.page} size=${query.size} sortBy=${query.sortBy} direction=${query.direction} filter=${query.filter ?? ''}`,
      );
      const text = (query.filter ?? '').toLowerCase();
      const matching = users.filter((u) => `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(text));
      return json(pageOf(matching, query.page, query.size));
    }),
    'POST /api/tenants/users': orFailure(({ body }) => {
      const parsed = createUserSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues);
      log.push(`POST ${JSON.stringify(body)}`);
      const row = teamUser(users.length + 1, {
        ...parsed.data,
        role: parsed.data.role === 'ADMIN' ? 'admin' : 'staff',
        status: 'PENDING_VERIFICATION',
      });
      users = [row, ...users];
      return json(row, 201);
    }),
    'PUT /api/tenants/users/:id': orFailure(({ body, params: { id } }) => {
      const parsed = updateUserSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues);
      log.push(`PUT ${id} ${JSON.stringify(body)}`);
      const { newPassword: _secret, ...rest } = parsed.data;
      users = users.map((u) =>
        u.userId === id ? { ...u, ...rest, role: rest.role === 'ADMIN' ? 'admin' : 'staff' } : u,
      );
      return json(users.find((u) => u.userId === id));
    }),
    'DELETE /api/tenants/users/:id/permanent': orFailure(({ params: { id } }) => {
      log.push(`DELETE ${id}`);
      users = users.filter((u) => u.userId !== id);
      return noContent();
    }),
  });

  return {
    fetch,
    log,
    users: () => users,
    fail: (method: string, status: number, body: unknown) => failures.set(method, { status, body }),
    /** GETs wait until the returned function is called (to see the loading state). */
    holdGets: () => {
      let release = () => {};
      hold = new Promise((resolve) => {
        release = () => {
          hold = null;
          resolve();
        };
      });
      return release;
    },
  };
}
