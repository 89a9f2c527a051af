import { profileSchema, profileUpdateSchema } from '@loyalty/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, conflict, forbidden, foundOr404 } from '../../lib/errors';
import { routeRecipe } from '../../lib/route-recipe';
import {
  findAccountIdByEmail,
  findProfile,
  isDeactivatedEverywhere,
  type ProfileChange,
  updateProfile,
} from './repository';

const route = routeRecipe(['profile'], [400, 401, 403, 404, 409]);

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/users/me',
    route.account({ summary: 'Own profile', response: { 200: profileSchema } }),
    async (request) => foundOr404(await findProfile(app.db, request.identity.uid), 'Profile not found'),
  );

  app.put(
    '/api/users/me',
    route.account({
      summary: 'Update own names or language, or record a verified phone or e-mail',
      body: profileUpdateSchema,
      response: { 200: profileSchema },
    }),
    async (request) => {
      const { uid } = request.identity;
      if (await isDeactivatedEverywhere(app.db, uid)) throw forbidden('This user is inactive.', 'T013');
      const body = request.body;
      const change: ProfileChange = {};
      if ('first_name' in body) {
        change.firstName = body.first_name;
        change.lastName = body.last_name;
      } else if ('language' in body) {
        change.language = body.language;
      } else if ('phone' in body) {
        // Only a phone Firebase has verified for this user may be stored; the body alone proves nothing.
        const user = await app.firebase.auth.getUser(uid);
        if (user.phoneNumber !== body.phone) throw badRequest({ phone: 'Verify this phone number by SMS first.' });
        change.phone = body.phone;
      } else {
        const email = body.email.toLowerCase();
        const user = await app.firebase.auth.getUser(uid);
        if (user.email?.toLowerCase() !== email) {
          throw badRequest({ email: 'Change the e-mail of your sign-in account first.' });
        }
        const owner = await findAccountIdByEmail(app.db, email);
        if (owner && owner !== uid) throw conflict('This email is already in use by another account.');
        change.email = email;
      }
      return foundOr404(await updateProfile(app.db, uid, change), 'Profile not found');
    },
  );
};
