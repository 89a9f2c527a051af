import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, NotAuthenticatedError } from './api-client';

type Call = { url: string; init: RequestInit; headers: Headers };

/** A fake server: answers the queued responses in order and records every request. */
function fakeFetch(...responses: Response[]) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(url), init, headers: new Headers(init.headers) });
    const next = responses.shift();
    if (!next) throw new Error('Unexpected request');
    return next;
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function tokens(...values: (string | null)[]) {
  return vi.fn(async (_force: boolean) => (values.length > 1 ? values.shift()! : values[0]!));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('answers a file download as a Blob, asking for any type', async () => {
    const calls = fakeFetch(new Response(new Uint8Array([80, 75, 3, 4]), { status: 200 }));
    const client = createApiClient({ getToken: tokens('token-1'), getTenantId: () => null });

    const blob = await client.request<Blob>('GET', '/api/file', { responseType: 'blob' });

    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    expect(calls[0]?.headers.get('Accept')).toBe('*/*');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('sends the bearer token, the stored tenant and JSON headers', async () => {
    const calls = fakeFetch(json(200, { ok: true }));
    const client = createApiClient({ getToken: tokens('token-1'), getTenantId: () => 'tenant-9' });

    await expect(client.post('/api/things', { name: 'A' })).resolves.toEqual({ ok: true });

    const [call] = calls;
    expect(call?.url).toBe('/api/things');
    expect(call?.init.method).toBe('POST');
    expect(call?.headers.get('Accept')).toBe('application/json');
    expect(call?.headers.get('Authorization')).toBe('Bearer token-1');
    expect(call?.headers.get('X-Tenant-Id')).toBe('tenant-9');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.init.body).toBe(JSON.stringify({ name: 'A' }));
  });

  it('sends JSON content type on PUT but not on GET, and no tenant header when none is stored', async () => {
    const calls = fakeFetch(json(200, {}), json(200, {}));
    const client = createApiClient({ getToken: tokens('t'), getTenantId: () => null });

    await client.get('/api/a');
    await client.put('/api/b', { x: 1 });

    expect(calls[0]?.headers.get('Content-Type')).toBeNull();
    expect(calls[0]?.headers.has('X-Tenant-Id')).toBe(false);
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('refreshes the token once after a 401 and retries once with it', async () => {
    const calls = fakeFetch(json(401, { message: 'expired' }), json(200, { value: 42 }));
    const getToken = tokens('old', 'fresh');
    const client = createApiClient({ getToken, getTenantId: () => null });

    await expect(client.get('/api/x')).resolves.toEqual({ value: 42 });

    expect(getToken.mock.calls).toEqual([[false], [true]]);
    expect(calls.map((c) => c.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer fresh']);
  });

  it('gives up after the single retry when the answer is still 401', async () => {
    const calls = fakeFetch(json(401, { message: 'no' }), json(401, { message: 'still no' }), json(200, {}));
    const client = createApiClient({ getToken: tokens('a', 'b'), getTenantId: () => null });

    const error = await client.get('/api/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: 'still no' });
    expect(calls).toHaveLength(2);
  });

  it('reads message and field errors from the error body', async () => {
    fakeFetch(json(400, { status: 400, message: 'Invalid input', errors: { email: 'Invalid email' } }));
    const client = createApiClient({ getToken: tokens('t'), getTenantId: () => null });

    const error = await client.post('/api/users', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid input', fieldErrors: { email: 'Invalid email' } });
  });

  it('falls back to "status: body" and then "status: status text" without a message', async () => {
    fakeFetch(
      new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }),
      new Response('', { status: 503, statusText: 'Service Unavailable' }),
    );
    const client = createApiClient({ getToken: tokens('t'), getTenantId: () => null });

    await expect(client.get('/api/a')).rejects.toMatchObject({ status: 502, message: '502: upstream exploded' });
    await expect(client.get('/api/b')).rejects.toMatchObject({ status: 503, message: '503: Service Unavailable' });
  });

  it('fails with "Not authenticated" and sends nothing when nobody is signed in', async () => {
    const calls = fakeFetch();
    const client = createApiClient({ getToken: tokens(null), getTenantId: () => 'tenant' });

    const error = await client.get('/api/x').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect((error as Error).message).toBe('Not authenticated');
    expect(calls).toHaveLength(0);
  });

  it('returns undefined for an empty success body', async () => {
    fakeFetch(new Response(null, { status: 204 }));
    const client = createApiClient({ getToken: tokens('t'), getTenantId: () => null });
    await expect(client.delete('/api/x')).resolves.toBeUndefined();
  });
});
