import type { ApiErrorBody } from '@loyalty/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { errorForLog } from '../lib/log-safety';
import { fieldErrors } from '../lib/validation-errors';

/** One error shape for every failure; 5xx details go to the log, never to the client. */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      const body: ApiErrorBody = { status: err.status, message: err.message, ...err.extra };
      return reply.code(err.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = fieldErrors(err.validation);
      const body: ApiErrorBody = { status: 400, error: 'VALIDATION_ERROR', message: 'Validation failed', errors };
      return reply.code(400).send(body);
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ error: errorForLog(err) }, 'request failed');
      return reply.code(status).send({ status, error: 'INTERNAL', message: 'Internal server error' });
    }
    // Fastify's own 4xx (bad JSON, body too large, unsupported media type): safe to describe.
    return reply.code(status).send({ status, error: err.code ?? 'BAD_REQUEST', message: err.message });
  });
});
