import { z } from 'zod';
import { idParamSchema } from './common';

/**
 * Apple's PassKit web service (developer.apple.com: Wallet, "Adding a Web Service to Update Passes"), under
 * /api/passkit/v1. Shapes and status codes are Apple's; the id patterns only keep garbage out.
 */
const deviceLibraryIdentifier = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'Invalid device library identifier');
const passTypeIdentifier = z.string().regex(/^pass\.[A-Za-z0-9.-]{1,200}$/, 'Invalid pass type identifier');

export const passkitPassParamsSchema = z.object({ passTypeIdentifier, serialNumber: idParamSchema });

export const passkitRegistrationParamsSchema = passkitPassParamsSchema.extend({ deviceLibraryIdentifier });

export const passkitDeviceParamsSchema = z.object({ deviceLibraryIdentifier, passTypeIdentifier });

/** The device's APNs token for this pass's pushes. */
export const passkitRegisterBodySchema = z.object({ pushToken: z.string().regex(/^[A-Za-z0-9]{1,200}$/) });

/**
 * `passesUpdatedSince`: the `lastUpdated` tag an earlier answer gave (microseconds since the epoch). At most 16
 * digits: that reaches the year 2286, and anything longer is past what a timestamp holds (PostgreSQL refused
 * 20 digits with an error, not an empty answer), so it is a bad request, not a tag we gave.
 */
export const passkitSerialsQuerySchema = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,16}$/)
    .optional(),
});

export const passkitSerialsSchema = z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() });

export const passkitLogBodySchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });

export type PasskitSerials = z.infer<typeof passkitSerialsSchema>;

/** One device holding the pass: when it registered, its last push attempt, the last APNs took, the last error. */
export const passDeviceStatusSchema = z.object({
  registeredAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  lastDeliveredAt: z.string().nullable(),
  /** APNs's reason (`TopicDisallowed`, `TooManyRequests`…) or what failed on the way; null when it went through. */
  lastError: z.string().nullable(),
});

/**
 * A member's Apple Wallet pass as the admin sees it: issued or not, its last change; the last push attempt,
 * the last push APNs accepted (`pushedAt`) and the last error; its devices, and how many failed their last push.
 */
export const memberPassStatusSchema = z.object({
  issued: z.boolean(),
  updatedAt: z.string().nullable(),
  pushAttemptedAt: z.string().nullable(),
  pushedAt: z.string().nullable(),
  pushError: z.string().nullable(),
  devices: z.number().int(),
  failingPushes: z.number().int(),
  deviceStatus: z.array(passDeviceStatusSchema),
});
export type MemberPassStatus = z.infer<typeof memberPassStatusSchema>;

/** GET …/passes/google: the member's "Save to Google Wallet" link (https://pay.google.com/gp/v/save/<JWT>). */
export const googleSaveLinkSchema = z.object({ saveUrl: z.string() });
export type GoogleSaveLink = z.infer<typeof googleSaveLinkSchema>;

/**
 * A member's Google Wallet object as the admin sees it. `sync` is `offline` with the development key (links
 * form, nothing is sent to Google); `confirmedAt`: Google took an insert or PATCH of it, or showed it in a wallet
 * (`hasUsers`); the dashboard counts it.
 */
export const googlePassStatusSchema = z.object({
  issued: z.boolean(),
  sync: z.enum(['rest', 'offline']),
  objectId: z.string().nullable(),
  insertedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  syncedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type GooglePassStatus = z.infer<typeof googlePassStatusSchema>;
