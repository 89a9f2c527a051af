import { z } from 'zod';

/** E.164 style: a plus sign, a non-zero digit, then 1 to 14 digits (docs/spec/access-and-identity.md §5, §9). */
export const PHONE_PATTERN = /^\+[1-9]\d{1,14}$/;
export const PHONE_MAX_DIGITS = 15;

export const phoneSchema = (requiredMessage: string, formatMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).regex(PHONE_PATTERN, formatMessage);
