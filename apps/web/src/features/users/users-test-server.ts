import { createUserSchema, type TenantUser, updateUserSchema, usersQuerySchema } from '@loyalty/contracts';

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

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));

/**
 * A stand-in for /api/tenants/users behind the real API client: bodies and queries are checked with the
 * contracts, every call lands in `log` ("GET page=0 filter=", "POST ...", ...), and fail() makes the next
 * call of a method answer an error.
 */
export function createFakeUsersServer(initial: TenantUser[] = [OWNER]) {
  let users = [...initial];
  const log: string[] = [];
  const failures = new Map<string, { status: number; body: unknown }>();
  let hold: Promise<void> | null = null;

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/users/me')
      return json(200, { firstName: 'Olivia', lastName: 'Owner', email: OWNER.email, phone: OWNER.phone });
    if (!url.pathname.startsWith('/api/tenants/users')) return json(404, { status: 404, message: 'Not found' });
    const failure = failures.get(method);
    if (failure) {
      failures.delete(method);
      log.push(`${method} failed`);
      return json(failure.status, failure.body);
    }
    if (method === 'GET') {
      if (hold) await hold;
      const query = usersQuerySchema.parse(Object.fromEntries(url.searchParams));
      log.push(
        `GET page=${query.page} size=${query.size} sortBy=${query.sortBy} direction=${query.direction} filter=${query.filter ?? ''}`,
      );
      const text = (query.filter ?? '').toLowerCase();
      const matching = users.filter((u) => `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(text));
      const content = matching.slice(query.page * query.size, (query.page + 1) * query.size);
      const totalPages = Math.ceil(matching.length / query.size);
      return json(200, {
        content,
        totalElements: matching.length,
        totalPages,
        number: query.page,
        size: query.size,
        numberOfElements: content.length,
        first: query.page === 0,
        last: query.page >= totalPages - 1,
      });
    }
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    const id = url.pathname.split('/')[4] ?? '';
    if (method === 'POST') {
      const parsed = createUserSchema.safeParse(body);
      if (!parsed.success)
        return json(400, { status: 400, message: 'Validation failed', errors: fieldErrors(parsed.error.issues) });
      log.push(`POST ${JSON.stringify(body)}`);
      const row = teamUser(users.length + 1, {
        ...parsed.data,
        role: parsed.data.role === 'ADMIN' ? 'admin' : 'staff',
        status: 'PENDING_VERIFICATION',
      });
      users = [row, ...users];
      return json(201, row);
    }
    if (method === 'PUT') {
      const parsed = updateUserSchema.safeParse(body);
      if (!parsed.success)
        return json(400, { status: 400, message: 'Validation failed', errors: fieldErrors(parsed.error.issues) });
      log.push(`PUT ${id} ${JSON.stringify(body)}`);
      const { newPassword: _secret, ...rest } = parsed.data;
      users = users.map((u) =>
        u.userId === id ? { ...u, ...rest, role: rest.role === 'ADMIN' ? 'admin' : 'staff' } : u,
      );
      return json(
        200,
        users.find((u) => u.userId === id),
      );
    }
    if (method === 'DELETE') {
      log.push(`DELETE ${id}`);
      users = users.filter((u) => u.userId !== id);
      return new Response(null, { status: 204 });
    }
    return json(405, { status: 405, message: 'Method not allowed' });
  };

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
