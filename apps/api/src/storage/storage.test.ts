import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../../test/support/s3rver';
import { ConfigError, loadConfig } from '../config';
import { createStorage, type StorageDriver } from './index';

type Harness = { driver: StorageDriver; stop: () => Promise<void> };

async function localHarness(): Promise<Harness> {
  const directory = mkdtempSync(join(tmpdir(), 'uploads-'));
  const driver = createStorage({ driver: 'local', directory });
  return {
    driver,
    stop: async () => {
      await driver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function s3Harness(): Promise<Harness> {
  const s3 = await startS3rver();
  const config = loadConfig({ NODE_ENV: 'test', ...s3.env });
  const driver = createStorage(config.storage);
  expect(driver.name).toBe('s3');
  return {
    driver,
    stop: async () => {
      await driver.close();
      await s3.stop();
    },
  };
}

const key = (ext = 'png') => `tenant-${randomBytes(4).toString('hex')}/${randomBytes(16).toString('hex')}.${ext}`;

describe.each([
  ['local disk', localHarness],
  ['S3-compatible (s3rver)', s3Harness],
])('storage driver contract: %s', (_, start) => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await start();
  });
  afterAll(() => harness.stop());

  it('reads back exactly the bytes and the content type written', async () => {
    // Every byte value, and more than one network chunk, so framing or re-encoding would show.
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300_000)]);
    const k = key();
    await harness.driver.put(k, bytes, 'image/png');
    const read = await harness.driver.get(k);
    expect(read).not.toBeNull();
    expect(read?.contentType).toBe('image/png');
    expect(read?.size).toBe(bytes.length);
    expect(Buffer.compare(read?.body ?? Buffer.alloc(0), bytes)).toBe(0);
  });

  it('keeps each key apart, overwrites in place, and deletes', async () => {
    const [a, b] = [key('webp'), key('jpg')];
    await harness.driver.put(a, Buffer.from('first'), 'image/webp');
    await harness.driver.put(b, Buffer.from('second'), 'image/jpeg');
    await harness.driver.put(a, Buffer.from('first again'), 'image/webp');
    expect((await harness.driver.get(a))?.body.toString()).toBe('first again');
    expect((await harness.driver.get(b))?.body.toString()).toBe('second');
    await harness.driver.delete(a);
    expect(await harness.driver.get(a)).toBeNull();
    expect((await harness.driver.get(b))?.contentType).toBe('image/jpeg');
  });

  it('answers null for a key never written, and refuses keys that could escape their folder', async () => {
    expect(await harness.driver.get(key())).toBeNull();
    expect(await harness.driver.get('../etc/passwd')).toBeNull();
    expect(await harness.driver.get('tenant/../../secret.png')).toBeNull();
    await expect(harness.driver.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
    await expect(harness.driver.put('/absolute.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe/);
  });
});

describe('storage configuration', () => {
  it('defaults to local disk under DATA_DIR/uploads with a 5 MiB upload limit', () => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/srv/loyalty' });
    expect(config.storage).toEqual({ driver: 'local', directory: '/srv/loyalty/uploads' });
    expect(config.uploadMaxBytes).toBe(5 * 1024 * 1024);
  });

  it('STORAGE_DRIVER=s3 names every missing variable at start-up', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'b' })).toThrow(
      'STORAGE_DRIVER=s3 needs S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 'gcs' })).toThrow(/STORAGE_DRIVER/);
  });

  it('reads the S3 variables, path-style unless told otherwise', () => {
    const env = {
      NODE_ENV: 'test',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'https://ns.compat.objectstorage.eu-frankfurt-1.oraclecloud.com',
      S3_REGION: 'eu-frankfurt-1',
      S3_BUCKET: 'loyalty',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      UPLOAD_MAX_BYTES: '1048576',
    };
    expect(loadConfig(env).storage).toMatchObject({ driver: 's3', forcePathStyle: true, region: 'eu-frankfurt-1' });
    expect(loadConfig({ ...env, S3_FORCE_PATH_STYLE: 'false' }).storage).toMatchObject({ forcePathStyle: false });
    expect(loadConfig(env).uploadMaxBytes).toBe(1048576);
  });
});

it('the local driver leaves no temporary files behind', async () => {
  const directory = mkdtempSync(join(tmpdir(), 'uploads-'));
  const driver = createStorage({ driver: 'local', directory });
  await driver.put('t1/abc.png', Buffer.from('x'), 'image/png');
  expect(readdirSync(join(directory, 't1')).sort()).toEqual(['abc.png', 'abc.png.content-type']);
  rmSync(directory, { recursive: true, force: true });
});
