import { toPage } from '@loyalty/contracts';
import { createApiClient } from '@/lib/api-client';

/**
 * Stands in for '@/lib/api' in component tests: `vi.mock('@/lib/api', () => import('@/test/fake-api'))`, then
 * route the calls with serveRoutes() (or hand every call to one function with serveApi()). The real client runs,
 * so headers, errors and parsing are real. Files whose only mock is this one share it in the `web-api` project
 * (vitest.projects.ts), whose setup mocks it once for them all and calls resetFakeApi() before each file, so one
 * file's handler never answers another's.
 */
const nothingServed: typeof fetch = async () => new Response(null, { status: 404 });
let handler: typeof fetch = nothingServed;

export function serveApi(next: typeof fetch) {
  handler = next;
}

/** Forgets the routes an earlier test file served. */
export function resetFakeApi() {
  handler = nothingServed;
}

export const api = createApiClient({
  getToken: async () => 'token',
  getTenantId: () => 't-1',
  fetch: (input, init) => handler(input, init),
});

/** A JSON answer as the API sends it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The API's error body, as its error handler sends it. */
export const apiError = (status: number, message: string, extra: Record<string, unknown> = {}) =>
  json({ status, message, ...extra }, status);

export const notFound = (message = 'Not found') => apiError(404, message);

/** An answer without a body (204), as a DELETE gets. */
export const noContent = () => new Response(null, { status: 204 });

/**
 * One page of a list as the API answers it: `items` is the whole list, cut to the page asked for, in the envelope
 * the API itself builds (the contracts' toPage, so the fake cannot drift from it).
 */
export const pageOf = <T>(items: readonly T[], page = 0, size = 20) =>
  toPage(items.slice(page * size, (page + 1) * size), items.length, page, size);

/** A request as the fake API received it from the real client. */
export interface FakeRequest {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The `:name` parts of the route's path, e.g. `{ id: 'm-1' }` for '/api/tenants/member/:id'. */
  params: Record<string, string>;
  /** The query string as an object (the last value of a repeated name wins). */
  query: Record<string, string>;
  url: URL;
  headers: Headers;
  /** The body: parsed JSON, the FormData as sent, or undefined when there is none. */
  body: unknown;
}

export type Route = (request: FakeRequest) => Response | Promise<Response>;

/**
 * Routes keyed by method and path, e.g. 'GET /api/tenants/member/:id', or by the path alone for every method.
 * The first key (in the order written) that matches answers. A `:name` part matches one path segment (or the
 * rest of one, as in '/poster.:format'); the query string is not part of the key.
 */
export type Routes = Record<string, Route>;

const compile = (key: string) => {
  const [first, second] = key.trim().split(/\s+/);
  const method = second ? (first as string).toUpperCase() : null;
  const path = (second ?? first) as string;
  const names: string[] = [];
  const source = path
    .split(/(:[A-Za-z_]\w*)/)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('');
  return { method, names, pattern: new RegExp(`^${source}$`) };
};

const parseBody = (body: BodyInit | null | undefined): unknown => {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
};

/**
 * A fetch that answers from `routes`; every request lands in the returned `requests`, in order. A path no route
 * knows is 404, a known path asked with a method no route takes is 405, both with the API's error body.
 */
export function routeFetch(routes: Routes) {
  const table = Object.entries(routes).map(([key, route]) => ({ ...compile(key), route }));
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const base = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      url,
      headers: new Headers(init?.headers),
      body: parseBody(init?.body),
    };
    let pathKnown = false;
    for (const { method: wanted, names, pattern, route } of table) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      pathKnown = true;
      if (wanted && wanted !== method) continue;
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]));
      const request: FakeRequest = { ...base, params };
      requests.push(request);
      return route(request);
    }
    requests.push({ ...base, params: {} });
    return pathKnown ? apiError(405, 'Method not allowed') : notFound();
  };
  return { fetch, requests };
}

/** Serves `routes` as the API for this test file; returns every request it receives, in order. */
export function serveRoutes(routes: Routes): FakeRequest[] {
  const { fetch, requests } = routeFetch(routes);
  serveApi(fetch);
  return requests;
}
