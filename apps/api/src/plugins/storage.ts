import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { StorageConfig } from '../config';
import { createStorage, type StorageDriver } from '../storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are kept (local disk or S3-compatible), chosen by STORAGE_DRIVER. */
    storage: StorageDriver;
  }
}

export const storagePlugin = fp(async (app: FastifyInstance, opts: { config: StorageConfig }) => {
  const storage = createStorage(opts.config);
  app.decorate('storage', storage);
  app.addHook('onClose', () => storage.close());
});
