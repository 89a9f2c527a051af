import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertSafeKey, isSafeKey, type StorageDriver } from './types';

const TYPE_SUFFIX = '.content-type';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under one directory (DATA_DIR/uploads by default); the content type sits in a small file beside each. */
export function createLocalDriver(directory: string): StorageDriver {
  const pathOf = (key: string) => join(directory, ...key.split('/'));

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  async function writeAtomically(path: string, data: Buffer | string) {
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, data);
    await rename(temporary, path);
  }

  return {
    name: 'local',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await writeAtomically(`${path}${TYPE_SUFFIX}`, contentType);
      await writeAtomically(path, bytes);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      const path = pathOf(key);
      try {
        const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}${TYPE_SUFFIX}`, 'utf8')]);
        return { body, contentType, size: body.length };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(`${path}${TYPE_SUFFIX}`, { force: true });
    },
    async close() {},
  };
}
