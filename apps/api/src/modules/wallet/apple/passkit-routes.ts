import {
  passkitDeviceParamsSchema,
  passkitLogBodySchema,
  passkitPassParamsSchema,
  passkitRegisterBodySchema,
  passkitRegistrationParamsSchema,
  passkitSerialsQuerySchema,
  passkitSerialsSchema,
} from '@loyalty/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from '../../../lib/errors';
import { fileAnswer } from '../../../lib/openapi-answers';
import { tooMany } from '../../../plugins/rate-limit';
import { DEVICES_PER_PASS, forgetVoidedPassIfUnheld, register, serialsUpdatedSince, unregister } from './repository';
import type { WalletService } from './service';

export const PKPASS_TYPE = 'application/vnd.apple.pkpass';

/**
 * The device log (`POST …/log`) is for the odd error a device reports about this service, so it is bounded: one
 * log record per call with at most 10 lines of 500 characters (5 KB), and at most 6 calls a minute per address
 * (30 KB a minute); beyond that 429. Unbounded, one address wrote 7.4 MB of log in 1.3 s (100 lines a call).
 */
export const LOG_LINES_PER_CALL = 10;
export const LOG_LINE_CHARS = 500;
export const LOG_CALLS_PER_MINUTE = 6;

const empty = z.undefined().describe('no body');

/** Apple reads only the status; the body is the API's one error shape, like every other refusal. */
const notYours = () => unauthorized('This pass is not yours to act on.');
/** A pass already on DEVICES_PER_PASS devices: a new one is refused; those registered keep their pushes. */
const tooManyDevices = () =>
  forbidden(`This pass is already on ${DEVICES_PER_PASS} devices; remove it from one first.`, 'DEVICE_LIMIT');
/** Apple reads only the status; an empty JSON object keeps every answer of the API JSON. */
const done = (reply: FastifyReply, status: 200 | 201) => reply.code(status).send({});

/**
 * Apple's PassKit web service, exactly as Apple specifies it, at PUBLIC_URL/api/passkit/v1: a device registers
 * for a pass's pushes, asks which of its passes changed since a tag, fetches the latest pass, unregisters, and
 * sends its logs. Devices carry `ApplePass <token>`, checked against the pass's own tokens: a token of another
 * pass, or of another tenant's pass, is refused like a wrong one (401) and reveals nothing. Rate limited per
 * address; refused tokens also count towards the address's block (plugins/rate-limit.ts).
 */
export const passkitRoutes: FastifyPluginAsyncZod<{ wallet: WalletService; ratePerMinute: number }> = async (
  app,
  opts,
) => {
  const { wallet } = opts;
  const config = { access: 'public' as const, rateLimit: { max: opts.ratePerMinute, timeWindow: 60_000 } };
  /** The pass a request may act on: one of our pass type, with a token handed out for it; else 401. */
  const authorized = async (passTypeIdentifier: string, serialNumber: string, authorization?: string) => {
    const pass =
      passTypeIdentifier === wallet.passTypeId ? await wallet.authorize(serialNumber, authorization) : undefined;
    if (!pass) throw notYours();
    return pass;
  };
  const base = '/api/passkit/v1';
  const logBudget = app.createRateLimit({
    max: LOG_CALLS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `passkit-log:${request.ip}`,
  });

  app.post(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config,
      schema: {
        tags: ['passkit'],
        summary:
          'Register a device for the pass’s pushes: 201 new, 200 already registered, 401 not authorized, 403 the pass is on its most devices',
        params: passkitRegistrationParamsSchema,
        body: passkitRegisterBodySchema,
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const pass = await authorized(passTypeIdentifier, serialNumber, request.headers.authorization);
      const registered = await register(app.db, {
        deviceLibraryId: deviceLibraryIdentifier,
        passTypeId: passTypeIdentifier,
        memberId: serialNumber,
        tenantId: pass.tenantId,
        pushToken: request.body.pushToken,
      });
      if (registered === 'full') throw tooManyDevices();
      return done(reply, registered === 'created' ? 201 : 200);
    },
  );

  app.delete(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber`,
    {
      config,
      schema: {
        tags: ['passkit'],
        summary: 'Unregister a device from the pass: 200, 401 not authorized',
        params: passkitRegistrationParamsSchema,
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = request.params;
      const pass = await authorized(passTypeIdentifier, serialNumber, request.headers.authorization);
      await unregister(app.db, deviceLibraryIdentifier, passTypeIdentifier, serialNumber);
      // A deleted member's voided pass goes once its last device has removed it.
      await forgetVoidedPassIfUnheld(app.db, pass.tenantId, serialNumber);
      return done(reply, 200);
    },
  );

  app.get(
    `${base}/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier`,
    {
      config,
      schema: {
        tags: ['passkit'],
        summary: 'Serial numbers of the device’s passes changed since a tag: 200 with them, 204 none',
        params: passkitDeviceParamsSchema,
        querystring: passkitSerialsQuerySchema,
        response: { 200: passkitSerialsSchema, 204: empty },
      },
    },
    async (request, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier } = request.params;
      const found = await serialsUpdatedSince(
        app.db,
        deviceLibraryIdentifier,
        passTypeIdentifier,
        request.query.passesUpdatedSince,
      );
      if (found.serials.length === 0 || !found.lastUpdated) return reply.code(204).send();
      return { serialNumbers: found.serials, lastUpdated: found.lastUpdated };
    },
  );

  app.get(
    `${base}/passes/:passTypeIdentifier/:serialNumber`,
    {
      config,
      schema: {
        tags: ['passkit'],
        summary: 'The latest version of a pass, with Last-Modified; 304 when not modified since If-Modified-Since',
        params: passkitPassParamsSchema,
        response: {
          200: fileAnswer(PKPASS_TYPE, 'The signed pass'),
          304: z.undefined().describe('Not modified since If-Modified-Since: no body'),
        },
      },
    },
    async (request, reply) => {
      const { passTypeIdentifier, serialNumber } = request.params;
      const pass = await authorized(passTypeIdentifier, serialNumber, request.headers.authorization);
      const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
      // Last-Modified has whole seconds, and the pass's update time moves by whole seconds (push-jobs.ts).
      if (!Number.isNaN(since) && Math.floor(pass.updatedAt.getTime() / 1000) <= Math.floor(since / 1000)) {
        return reply.code(304).header('last-modified', pass.updatedAt.toUTCString()).send(undefined);
      }
      // The device's own token goes back into the pass it already holds.
      const built = await wallet.build(pass.tenantId, serialNumber, pass.token);
      if (!built) throw notYours();
      return reply
        .type(PKPASS_TYPE)
        .header('last-modified', built.updatedAt.toUTCString())
        .header('cache-control', 'no-cache')
        .send(built.pkpass);
    },
  );

  app.post(
    `${base}/log`,
    {
      config,
      schema: {
        tags: ['passkit'],
        summary: 'Messages a device reports about this web service (a few lines logged, a few calls a minute)',
        body: passkitLogBodySchema,
      },
      // Counted before the body is read: a refusal costs a counter, not a parse.
      onRequest: async (request, reply) => {
        const allowed = await logBudget(request);
        if (!allowed.isAllowed && allowed.isExceeded) throw tooMany(reply, allowed.ttl);
      },
    },
    async (request, reply) => {
      const { logs } = request.body;
      // One record per call, however many lines came: a device sends a few when something fails.
      request.log.warn(
        {
          passkit: logs.slice(0, LOG_LINES_PER_CALL).map((line) => line.slice(0, LOG_LINE_CHARS)),
          ...(logs.length > LOG_LINES_PER_CALL ? { dropped: logs.length - LOG_LINES_PER_CALL } : {}),
        },
        'wallet device log',
      );
      return done(reply, 200);
    },
  );
};
