import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers';
import { webDistFixture } from './support/join-page';

const reports = fileURLToPath(new URL('../../../.test-data/reports', import.meta.url));

/** Warnings of the recommended rules the document keeps on purpose (`redocly lint` still passes with them). */
const ACCEPTED_WARNINGS = new Set([
  // A private product's API: there is no licence to state.
  'info-license',
  // The webhook bodies (`WebhookEvent_*`, docs/integrations.md): OpenAPI 3.0 has no `webhooks` to point at them.
  'no-unused-components',
  // `/api/tenants/member/by-code/{code}` beside `/{id}/…`: Fastify matches the fixed segment first.
  'no-ambiguous-paths',
  // Health, readiness and the Firebase config answer no 4xx; the PassKit routes keep Apple's protocol as it is.
  'operation-4xx-response',
]);

/**
 * A client generator reads the OpenAPI document: Redocly's recommended rules (the ones `redocly lint` applies)
 * hold for it, so every operation has an operationId and a summary, every nullable a type, and servers are given.
 * The document is written to .test-data/reports/openapi.json for a look at what was linted.
 */
describe('the OpenAPI document passes Redocly’s recommended rules', () => {
  let app: FastifyInstance;
  let source: string;

  beforeAll(async () => {
    app = await buildTestApp({ WEB_DIST_DIR: webDistFixture() }, { serveWeb: true });
    source = (await app.inject({ url: '/api/openapi.json' })).body;
    mkdirSync(reports, { recursive: true });
    writeFileSync(join(reports, 'openapi.json'), source);
  }, 180_000);
  afterAll(() => app.close());

  it('has no error, and no warning but the four it means to have', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    const found = problems
      .filter((p) => p.severity === 'error' || !ACCEPTED_WARNINGS.has(p.ruleId))
      .map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(found).toEqual([]);
  });
});
