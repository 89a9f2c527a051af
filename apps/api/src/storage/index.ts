import type { StorageConfig } from '../config';
import { createLocalDriver } from './local-driver';
import { createS3Driver } from './s3-driver';
import type { StorageDriver } from './types';

export type { StorageDriver, StoredObject } from './types';
export { isSafeKey } from './types';

/** The driver STORAGE_DRIVER names: local disk by default, or an S3-compatible bucket. */
export function createStorage(config: StorageConfig): StorageDriver {
  return config.driver === 's3' ? createS3Driver(config) : createLocalDriver(config.directory);
}
