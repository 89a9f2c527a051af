import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';

describe('health, readiness and public config', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers health and readiness with 200', async () => {
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['x-request-id']).toBeTruthy();
  });

  it('answers 503 on ready when the database is gone', async () => {
    const other = await buildTestApp({}, { ownDatabase: true });
    await other.database.close();
    const ready = await other.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 503, message: 'Database unreachable' });
  });

  it('serves the web SDK configuration without auth, naming the emulator', async () => {
    const res = await app.inject({ url: '/api/public/firebase-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ projectId: 'demo-loyalty-portal', apiKey: expect.any(String) });
    expect(res.json().emulatorHost).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('publishes an OpenAPI document that lists the routes', async () => {
    const res = await app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/members/me', '/api/onboarding/register']),
    );
  });

  it('answers unknown API routes with the error shape', async () => {
    const res = await app.inject({ url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, message: expect.any(String) });
  });
});
