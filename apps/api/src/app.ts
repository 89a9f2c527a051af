import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
import { createFirebaseAdmin } from './firebase/admin';
import { healthRoutes } from './modules/health/routes';
import { identityRoutes } from './modules/identity/routes';
import { onboardingRoutes } from './modules/onboarding/routes';
import { profileRoutes } from './modules/profile/routes';
import { authPlugin } from './plugins/auth';
import { errorHandlerPlugin } from './plugins/error-handler';
import { notFoundPlugin } from './plugins/not-found';
import { openapiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { tenantPlugin } from './plugins/tenant';
import { webStaticPlugin } from './plugins/web-static';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export type BuildOptions = { database?: DatabaseHandle; serveWeb?: boolean };

/** The whole API as a Fastify instance: server.ts listens with it, tests call inject() on it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      ...(config.env === 'development' ? { transport: { target: 'pino-pretty', options: { singleLine: true } } } : {}),
    },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const firebase = createFirebaseAdmin(config);
  app.decorate('database', database);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onClose', async () => {
    await firebase.close();
    if (!options.database) await database.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(authPlugin, { firebase });
  await app.register(tenantPlugin, { db: database.db });

  await app.register(healthRoutes, { config, database });
  await app.register(identityRoutes);
  await app.register(onboardingRoutes);
  await app.register(profileRoutes);

  if (options.serveWeb) await app.register(webStaticPlugin, { root: config.webDistDir });
  await app.register(notFoundPlugin);
  return app;
}
