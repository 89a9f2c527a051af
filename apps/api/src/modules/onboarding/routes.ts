import {
  activationResponseSchema,
  activationSchema,
  PHONE_NOT_VERIFIED,
  registrationResponseSchema,
  registrationSchema,
} from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, conflict, forbidden } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import { activate, findCallerRow, registerOwner } from './repository';

const route = routeRecipe(['onboarding'], [400, 401, 403, 409]);

export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/onboarding/register',
    route.account({
      summary: 'Register a business: tenant, owner account and owner row, pending phone verification',
      body: registrationSchema,
      response: { 200: registrationResponseSchema },
    }),
    async (request) => {
      const { identity, body } = request;
      // The e-mail is the token's, never a claim of the body: nobody registers someone else's address.
      if (!identity.email || identity.email !== body.email.toLowerCase()) {
        throw new AppError(403, 'The e-mail must be the one you signed in with.', {
          error: 'EMAIL_MISMATCH',
          errors: { email: 'The e-mail must be the one you signed in with.' },
        });
      }
      const outcome = await registerOwner(app.db, identity.uid, body);
      if (outcome.kind === 'conflict')
        throw conflict('An account with this email already exists. Please sign in instead.');
      return { tenantId: outcome.result.tenantId, userId: outcome.result.accountId };
    },
  );

  app.post(
    '/api/onboarding/activate',
    route.account({
      summary: "Activate the caller's row (and the tenant, for its owner) once the phone is verified",
      body: activationSchema,
      response: { 200: activationResponseSchema },
    }),
    async (request) => {
      const { tenantId } = request.body;
      const row = await findCallerRow(app.db, request.identity.uid, tenantId);
      if (!row) throw forbidden();
      // Read the phone from Firebase itself: a token or body could be stale or forged.
      const user = await app.firebase.auth.getUser(request.identity.uid);
      if (!user.phoneNumber) {
        throw new AppError(403, 'Phone verification required. Please try again.', {
          error: 'Phone verification required',
          code: PHONE_NOT_VERIFIED,
        });
      }
      if (row.status === 'ACTIVE') throw conflict('This account is already active.', 'ALREADY_ACTIVE');
      if (row.status === 'INACTIVE') throw forbidden('This user is inactive.', 'T013');
      const outcome = await activate(app.db, tenantId, row, user.phoneNumber);
      if (outcome === 'INACTIVE') throw forbidden('This user is inactive.', 'T013');
      if (outcome !== 'ACTIVATED') throw conflict('This account is already active.', 'ALREADY_ACTIVE');
      return { tenantId, userId: row.accountId, status: 'ACTIVE' as const };
    },
  );
};
