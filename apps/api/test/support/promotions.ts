import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { promotions, tenants } from '../../src/db/schema';
import { bearer } from '../helpers';

/** A promotion body with the given overrides: double points, every day, for everyone, active. */
export const promotionBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Double points',
  nameZh: '雙倍積分',
  nameCn: '双倍积分',
  kind: 'MULTIPLIER',
  factor: 2,
  ...overrides,
});

export function promotionsApi(app: FastifyInstance) {
  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', token: string, url: string, payload?: object) =>
    app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  return {
    list: (token: string) => send('GET', token, '/api/tenants/promotions'),
    get: (token: string, id: string) => send('GET', token, `/api/tenants/promotions/${id}`),
    create: (token: string, payload: object) => send('POST', token, '/api/tenants/promotions', payload),
    update: (token: string, id: string, payload: object) =>
      send('PUT', token, `/api/tenants/promotions/${id}`, payload),
    remove: (token: string, id: string) => send('DELETE', token, `/api/tenants/promotions/${id}`),
    simulate: (token: string, payload: object) => send('POST', token, '/api/tenants/promotions/simulate', payload),
    preview: (token: string, memberId: string, payload: object) =>
      send('POST', token, `/api/tenants/member/${memberId}/transactions/preview`, payload),
  };
}

/** Creates a promotion as `token` (an admin or owner); answers its id. */
export async function addPromotion(app: FastifyInstance, token: string, overrides: Record<string, unknown> = {}) {
  const res = await promotionsApi(app).create(token, promotionBody(overrides));
  if (res.statusCode !== 201) throw new Error(`create promotion: ${res.statusCode} ${res.body}`);
  return res.json().id as string;
}

/** Removes every promotion of the business (written directly: each test starts with none). */
export async function clearPromotions(app: FastifyInstance, tenantId: string) {
  await app.database.db.delete(promotions).where(eq(promotions.tenantId, tenantId));
}

export async function setTimeZone(app: FastifyInstance, tenantId: string, timeZone: string) {
  await app.database.db.update(tenants).set({ timeZone }).where(eq(tenants.id, tenantId));
}

const WEEKDAY_CODES = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;

/** The weekday and `HH:mm` of an instant on the wall clock of a time zone (the test's own reading, by Intl). */
export function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = WEEKDAY_CODES.find((d) => d === part('weekday').toUpperCase()) ?? 'MON';
  return { day, time: `${part('hour')}:${part('minute')}`, index: WEEKDAY_CODES.indexOf(day) };
}

export const otherDay = (day: (typeof WEEKDAY_CODES)[number]) =>
  WEEKDAY_CODES[(WEEKDAY_CODES.indexOf(day) + 3) % 7] as string;
