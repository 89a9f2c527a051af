import type { z } from 'zod';
import { apiErrorFromResponse, NotAuthenticatedError } from './api-error';

export { ApiError, NotAuthenticatedError } from './api-error';

/** Returns the signed-in user's ID token, or null when nobody is signed in. */
type TokenProvider = (forceRefresh: boolean) => Promise<string | null>;

interface ApiClientOptions {
  getToken: TokenProvider;
  getTenantId: () => string | null;
  /** Defaults to the global fetch, looked up per call so tests can stub it. */
  fetch?: typeof fetch;
}

export interface RequestOptions<T> {
  body?: unknown;
  /** Validates the answer; without it the parsed JSON is returned as is. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Forces a fresh token on the first attempt (activation needs the phone claim just added). */
  forceRefresh?: boolean;
  /** Extra request headers (e.g. Idempotency-Key); never overrides the ones set here. */
  headers?: Record<string, string>;
  /** 'blob' answers the body as a Blob (a file download such as a .pkpass) instead of parsed JSON. */
  responseType?: 'json' | 'blob';
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  request<T = unknown>(method: Method, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T>;
}

const hasJsonBody = (method: Method, body: unknown) =>
  (method === 'POST' || method === 'PUT' || method === 'PATCH') && body !== undefined && !(body instanceof FormData);

/** The one way the web calls the API (docs/spec/access-and-identity.md §7): bearer token, tenant header, JSON, one retry after 401. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

  async function send(method: Method, path: string, token: string, opts: RequestOptions<unknown>) {
    const accept = opts.responseType === 'blob' ? '*/*' : 'application/json';
    const headers = new Headers({ ...opts.headers, Accept: accept, Authorization: `Bearer ${token}` });
    const tenantId = options.getTenantId();
    if (tenantId) headers.set('X-Tenant-Id', tenantId);
    let body: BodyInit | undefined;
    if (hasJsonBody(method, opts.body)) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(opts.body);
    } else if (opts.body instanceof FormData) {
      // The browser sets the multipart boundary itself.
      body = opts.body;
    }
    return doFetch(path, { method, headers, body, signal: opts.signal, credentials: 'include' });
  }

  async function request<T>(method: Method, path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const token = await options.getToken(opts.forceRefresh ?? false);
    if (!token) throw new NotAuthenticatedError();
    let response = await send(method, path, token, opts);
    if (response.status === 401) {
      // An ID token lives an hour; a 401 usually means it just expired, so refresh once and retry once.
      const fresh = await options.getToken(true);
      if (!fresh) throw new NotAuthenticatedError();
      response = await send(method, path, fresh, opts);
    }
    if (!response.ok) throw await apiErrorFromResponse(response);
    if (opts.responseType === 'blob') return (await response.blob()) as T;
    const text = response.status === 204 ? '' : await response.text();
    const data: unknown = text ? JSON.parse(text) : undefined;
    return opts.schema ? opts.schema.parse(data) : (data as T);
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
