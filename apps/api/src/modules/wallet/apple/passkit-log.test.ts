import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../../test/helpers';
import { buildApp } from '../../../app';
import { createDatabase } from '../../../db/client';
import { LOG_CALLS_PER_MINUTE, LOG_LINE_CHARS, LOG_LINES_PER_CALL } from './passkit-routes';

/** The device log: one address once wrote 7.4 MB of log in 1.3 s through it. */
describe('PassKit device log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const deviceLines = () => lines.filter((l) => l.includes('wallet device log'));
  const send = (logs: string[], ip = '203.0.113.7') =>
    app.inject({ method: 'POST', url: '/api/passkit/v1/log', payload: { logs }, remoteAddress: ip });

  beforeAll(async () => {
    const database = createDatabase({ dataDir: ':memory:' });
    await database.migrate();
    app = await buildApp(testConfig({ LOG_LEVEL: 'warn' }), { database, logStream: { write: (l) => lines.push(l) } });
    app.addHook('onClose', () => database.close());
  });
  afterAll(() => app?.close());

  it('writes one bounded record per call, and refuses an address past its calls a minute', async () => {
    const flood = Array.from({ length: 100 }, (_, i) => `${i} ${'x'.repeat(1990)}`);
    expect((await send(flood)).statusCode).toBe(200);
    expect(deviceLines()).toHaveLength(1);
    const record = JSON.parse(deviceLines()[0] as string);
    expect(record.passkit).toHaveLength(LOG_LINES_PER_CALL);
    expect(Math.max(...record.passkit.map((l: string) => l.length))).toBe(LOG_LINE_CHARS);
    expect(record.dropped).toBe(100 - LOG_LINES_PER_CALL);
    expect((deviceLines()[0] as string).length).toBeLessThan(LOG_LINES_PER_CALL * LOG_LINE_CHARS + 1000);

    for (let i = 1; i < LOG_CALLS_PER_MINUTE; i++) expect((await send(flood)).statusCode).toBe(200);
    const refused = await send(flood);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(deviceLines()).toHaveLength(LOG_CALLS_PER_MINUTE);
    // Another address has its own budget.
    expect((await send(['one line'], '203.0.113.8')).statusCode).toBe(200);
    expect(deviceLines()).toHaveLength(LOG_CALLS_PER_MINUTE + 1);
  });
});
