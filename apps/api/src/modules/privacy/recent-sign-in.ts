import { ERASE_SIGN_IN_MAX_AGE_SECONDS, PRIVACY_MESSAGES } from '@loyalty/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * Deleting a card needs the person holding the phone now, not a token left on a shared device: an SMS sign-in
 * of the last five minutes (Firebase's auth_time; a refreshed token keeps the sign-in's time).
 */
export function assertRecentSmsSignIn(request: FastifyRequest) {
  const { authTime, signInProvider } = request.identity;
  const age = authTime === undefined ? Number.POSITIVE_INFINITY : Date.now() / 1000 - authTime;
  if (signInProvider !== 'phone' || age > ERASE_SIGN_IN_MAX_AGE_SECONDS)
    throw new AppError(403, PRIVACY_MESSAGES.recentSignIn, { error: 'FORBIDDEN', code: 'RECENT_SIGN_IN_REQUIRED' });
}
