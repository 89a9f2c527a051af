import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { webhookEventSchemas } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { finishDocument } from './openapi-document';

/** The OpenAPI document is generated from the routes' zod schemas: /api/openapi.json, browsable at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Loyalty Portal API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'Firebase ID token' },
          // A route open to keys lists apiKey in its security and names the scope it needs in
          // `x-api-key-scope` (members:read, members:write, transactions:write); any other route refuses keys.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'lpk_<id>_<secret>',
            description:
              'An API key made on the Developers screen, rate limited per key. Only operations that list apiKey accept it, and only with the scope their x-api-key-scope names; others answer 403.',
          },
        },
        // The body of each webhook, signed by the Standard Webhooks scheme (docs/integrations.md).
        schemas: Object.fromEntries(
          Object.entries(webhookEventSchemas).map(([type, schema]) => [
            `WebhookEvent_${type}`,
            z.toJSONSchema(schema, { target: 'openapi-3.0' }) as never,
          ]),
        ),
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // A server, operationIds and typed nullables (plugins/openapi-document.ts), after every route is in.
    transformObject: (document) => ('openapiObject' in document ? finishDocument(document.openapiObject) : {}),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});
