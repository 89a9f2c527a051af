import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const api = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm run db:generate -w apps/api` diffs the schema against drizzle-kit's newest snapshot; when the snapshot lags
 * behind the hand-written migrations, it writes a migration that creates tables which already exist. So the diff of
 * today's schema must be empty; after adding a migration, `npm run db:snapshot` brings the snapshot up to it.
 */
describe('the drizzle snapshot', () => {
  it('holds today’s schema, so a generated migration would be empty', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join('tools', 'schema-snapshot.ts'), '--check'], {
      cwd: api,
      encoding: 'utf8',
      env: { ...process.env, NODE_PATH: join(api, 'node_modules') },
    });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('The drizzle snapshot matches the schema.\n');
    expect(run.status).toBe(0);
  }, 120_000);
});
