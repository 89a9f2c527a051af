import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
// @ts-expect-error plain ESM helper
import { freePort } from '../../../../scripts/lib/free-port.mjs';

export const TEST_BUCKET = 'loyalty-test-uploads';

/**
 * A real S3-compatible server (s3rver) in this process, on a free port, with one bucket; its files in a
 * temporary folder. `env` holds the variables that point STORAGE_DRIVER=s3 at it.
 */
export async function startS3rver() {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port: number = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  await server.run();
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: TEST_BUCKET,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  return {
    env,
    directory,
    async stop() {
      server.httpServer?.closeAllConnections?.();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
