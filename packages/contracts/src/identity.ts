import { z } from 'zod';
import { ROLES } from './common';

/** GET /api/public/firebase-config: the web SDK's configuration, plus the emulator when one is used. */
export const firebaseConfigSchema = z.object({
  apiKey: z.string(),
  authDomain: z.string(),
  projectId: z.string(),
  appId: z.string(),
  storageBucket: z.string().optional(),
  messagingSenderId: z.string().optional(),
  emulatorHost: z.string().optional(),
});
export type FirebaseWebConfig = z.infer<typeof firebaseConfigSchema>;

/** GET /api/members/me, 200. */
export const memberIdentitySchema = z.object({
  tenantId: z.string(),
  userId: z.string(),
  status: z.literal('OK'),
  /** The caller's role in this tenant: the web hides what the role may not do (the server refuses it anyway). */
  role: z.enum(ROLES),
  /**
   * The branches the caller records at (docs/design.md §10): the counter offers only these. Empty: any branch of
   * the business (owners and admins, and staff given none).
   */
  branchIds: z.array(z.string()).default([]),
});
export type MemberIdentity = z.infer<typeof memberIdentitySchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
