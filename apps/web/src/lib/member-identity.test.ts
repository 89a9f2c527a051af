import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { fetchMemberIdentity } from './member-identity';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function clientAnswering(answer: (url: string) => Promise<Response>, token: string | null = 'token') {
  const fetchFn = vi.fn(answer);
  vi.stubGlobal('fetch', fetchFn);
  return { client: createApiClient({ getToken: async () => token, getTenantId: () => null }), fetchFn };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchMemberIdentity', () => {
  it('answers OK and stores both ids', async () => {
    const { client, fetchFn } = clientAnswering(async () =>
      json(200, { tenantId: 't-1', userId: 'u-1', status: 'OK', role: 'admin', branchIds: ['b-1'] }),
    );

    await expect(fetchMemberIdentity(client)).resolves.toEqual({
      status: 'OK',
      tenantId: 't-1',
      userId: 'u-1',
      role: 'admin',
      branchIds: ['b-1'],
    });

    expect(fetchFn.mock.calls[0]?.[0]).toBe('/api/members/me');
    expect(localStorage.getItem('tenantId')).toBe('t-1');
    expect(localStorage.getItem('userId')).toBe('u-1');
  });

  it('answers PENDING on 403 with T012 and stores nothing', async () => {
    const { client } = clientAnswering(async () => json(403, { status: 403, error: 'T012', message: 'Pending' }));

    await expect(fetchMemberIdentity(client)).resolves.toEqual({ status: 'PENDING' });
    expect(localStorage.getItem('tenantId')).toBeNull();
  });

  it('stores the pending tenant the server names with T012, so verification can resume', async () => {
    const { client } = clientAnswering(async () =>
      json(403, { status: 403, error: 'T012', message: 'Pending', tenantId: 't-9', userId: 'u-9' }),
    );
    await expect(fetchMemberIdentity(client)).resolves.toEqual({ status: 'PENDING' });
    expect(localStorage.getItem('tenantId')).toBe('t-9');
    expect(localStorage.getItem('userId')).toBe('u-9');
  });

  it('says "Forbidden" for any other 403', async () => {
    const { client } = clientAnswering(async () => json(403, { status: 403, error: 'T010', message: 'No tenant' }));
    await expect(fetchMemberIdentity(client)).resolves.toEqual({ status: 'UNKNOWN', message: 'Forbidden' });
  });

  it('uses the server message, else "HTTP {status}"', async () => {
    const first = clientAnswering(async () => json(500, { status: 500, message: 'Database unavailable' }));
    await expect(fetchMemberIdentity(first.client)).resolves.toEqual({
      status: 'UNKNOWN',
      message: 'Database unavailable',
    });

    const second = clientAnswering(async () => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(fetchMemberIdentity(second.client)).resolves.toEqual({ status: 'UNKNOWN', message: 'HTTP 502' });
  });

  it('says "Network error" when the request gets no answer', async () => {
    const { client } = clientAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchMemberIdentity(client)).resolves.toEqual({ status: 'UNKNOWN', message: 'Network error' });
  });

  it('answers NOT_AUTHENTICATED without a signed-in user, without calling the API', async () => {
    const { client, fetchFn } = clientAnswering(async () => json(200, {}), null);
    await expect(fetchMemberIdentity(client)).resolves.toEqual({ status: 'NOT_AUTHENTICATED' });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
