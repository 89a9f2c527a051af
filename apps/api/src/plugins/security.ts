import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/**
 * Security headers. The content security policy is strict except where the Firebase JS SDK must reach
 * Google's identity endpoints (or the local emulator), load Google sign-in and reCAPTCHA, and frame them.
 */
export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { emulatorHost, web } = opts.config.firebase;
  const emulator = emulatorHost ? [`http://${emulatorHost}`, `ws://${emulatorHost}`] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://apis.google.com', 'https://www.google.com', 'https://www.gstatic.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          'https://identitytoolkit.googleapis.com',
          'https://securetoken.googleapis.com',
          'https://www.googleapis.com',
          ...emulator,
        ],
        frameSrc: [`https://${web.authDomain}`, 'https://www.google.com', 'https://accounts.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Google sign-in popups talk back to the opener window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });
});
