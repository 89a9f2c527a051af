import type { FastifyInstance } from 'fastify';
import { bearer } from '../helpers';

/** A reward body with the given overrides: a free coffee for 100 points, for everyone, unlimited. */
export const rewardBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Free coffee',
  nameZh: '免費咖啡',
  nameCn: '免费咖啡',
  kind: 'FREE_ITEM',
  pointsCost: 100,
  ...overrides,
});

export function rewardsApi(app: FastifyInstance) {
  const post = (token: string, url: string, payload?: object, key?: string) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      ...(payload ? { payload } : {}),
    });
  return {
    list: (token: string) => app.inject({ url: '/api/tenants/rewards', headers: bearer(token) }),
    get: (token: string, id: string) => app.inject({ url: `/api/tenants/rewards/${id}`, headers: bearer(token) }),
    create: (token: string, payload: object) => post(token, '/api/tenants/rewards', payload),
    update: (token: string, id: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/api/tenants/rewards/${id}`, headers: bearer(token), payload }),
    remove: (token: string, id: string) =>
      app.inject({ method: 'DELETE', url: `/api/tenants/rewards/${id}`, headers: bearer(token) }),
    panel: (token: string, memberId: string) =>
      app.inject({ url: `/api/tenants/member/${memberId}/rewards`, headers: bearer(token) }),
    redeem: (token: string, memberId: string, rewardId: string, key?: string) =>
      post(token, `/api/tenants/member/${memberId}/rewards/${rewardId}/redeem`, undefined, key),
    redeemClaim: (token: string, code: string, key?: string) =>
      post(token, `/api/tenants/reward-claims/${code}/redeem`, undefined, key),
    fulfil: (token: string, id: string) => post(token, `/api/tenants/reward-redemptions/${id}/fulfil`),
    cancel: (token: string, id: string) => post(token, `/api/tenants/reward-redemptions/${id}/cancel`),
  };
}

/** Creates a reward as `token` (an admin or owner); answers its id. */
export async function addReward(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const res = await rewardsApi(app).create(token, rewardBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create reward: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}
