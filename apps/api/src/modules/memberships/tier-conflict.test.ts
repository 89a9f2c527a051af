import { MEMBERSHIP_MESSAGES } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { business } from '../../../test/support/pass-settings';

const URL = '/api/memberships';

describe('tier overlap answers name the tier in the way', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  const create = (token: string, payload: object) =>
    app.inject({ method: 'POST', url: URL, headers: bearer(token), payload });

  it('a second tier over an open-ended first one: 400 at minSpendAmount with conflict {id, name, minSpend, maxSpend}', async () => {
    const biz = await business(app);
    const member = (await create(biz.owner, { name: 'Member', minSpendAmount: 0 })).json();
    const res = await create(biz.owner, { name: 'Gold', minSpendAmount: 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: { minSpendAmount: MEMBERSHIP_MESSAGES.overlap('Member') },
      conflict: { id: member.id, name: 'Member', minSpend: 0, maxSpend: null },
    });
  });

  it('shortening the tier in the way then lets the new one in', async () => {
    const biz = await business(app);
    const member = (await create(biz.owner, { name: 'Member', minSpendAmount: 0, maxSpendAmount: 5000 })).json();
    const refused = await create(biz.owner, { name: 'Gold', minSpendAmount: 1000 });
    expect(refused.json().conflict).toEqual({ id: member.id, name: 'Member', minSpend: 0, maxSpend: 5000 });
    const shortened = await app.inject({
      method: 'PUT',
      url: `${URL}/${member.id}`,
      headers: bearer(biz.owner),
      payload: { name: 'Member', minSpendAmount: 0, maxSpendAmount: 1000 },
    });
    expect(shortened.statusCode).toBe(200);
    expect((await create(biz.owner, { name: 'Gold', minSpendAmount: 1000 })).statusCode).toBe(201);
  });
});
