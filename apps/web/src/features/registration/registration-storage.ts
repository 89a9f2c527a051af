import type { RegistrationBody, RegistrationResponse } from '@loyalty/contracts';
import { readStorage, removeStorage, STORAGE_KEYS, type StorageKey, writeStorage } from '@/lib/storage-keys';

/** What registration leaves in localStorage for the verify step and for continue mode (docs/spec/access-and-identity.md §3 keys). */
interface StoredRegistration {
  businessName: string | null;
  industry: string | null;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
}

const REGISTRATION_KEYS: StorageKey[] = [
  STORAGE_KEYS.registrationEmail,
  STORAGE_KEYS.businessName,
  STORAGE_KEYS.industry,
  STORAGE_KEYS.firstName,
  STORAGE_KEYS.lastName,
];
const VERIFICATION_KEYS: StorageKey[] = [
  STORAGE_KEYS.phoneToVerify,
  STORAGE_KEYS.phoneVerificationId,
  STORAGE_KEYS.verificationToken,
  STORAGE_KEYS.cameFromRegistration,
];

export function saveRegistration(body: RegistrationBody, result: RegistrationResponse): void {
  writeStorage(STORAGE_KEYS.tenantId, result.tenantId);
  writeStorage(STORAGE_KEYS.userId, result.userId);
  if (result.verificationToken) writeStorage(STORAGE_KEYS.verificationToken, result.verificationToken);
  writeStorage(STORAGE_KEYS.registrationEmail, body.email);
  writeStorage(STORAGE_KEYS.businessName, body.businessName);
  writeStorage(STORAGE_KEYS.industry, body.industry);
  writeStorage(STORAGE_KEYS.firstName, body.firstName);
  writeStorage(STORAGE_KEYS.lastName, body.lastName);
  // A new phone makes an earlier code worthless.
  if (readStorage(STORAGE_KEYS.phoneToVerify) !== body.phone) removeStorage(STORAGE_KEYS.phoneVerificationId);
  writeStorage(STORAGE_KEYS.phoneToVerify, body.phone);
}

export function readRegistration(): StoredRegistration {
  return {
    businessName: readStorage(STORAGE_KEYS.businessName),
    industry: readStorage(STORAGE_KEYS.industry),
    email: readStorage(STORAGE_KEYS.registrationEmail),
    firstName: readStorage(STORAGE_KEYS.firstName),
    lastName: readStorage(STORAGE_KEYS.lastName),
    phone: readStorage(STORAGE_KEYS.phoneToVerify),
  };
}

/** Registration data is complete enough to repeat the (idempotent) register call. */
export function completeRegistration(stored: StoredRegistration): RegistrationBody | null {
  const { businessName, industry, email, firstName, lastName, phone } = stored;
  if (!businessName || !industry || !email || !firstName || !lastName || !phone) return null;
  return { businessName, industry: industry as RegistrationBody['industry'], email, firstName, lastName, phone };
}

/** The user left the verify step to change the phone (spec: "Use Different Phone"). */
export const cameFromRegistration = () => readStorage(STORAGE_KEYS.cameFromRegistration) === 'true';
export const markCameFromRegistration = () => writeStorage(STORAGE_KEYS.cameFromRegistration, 'true');

/** A registration was submitted in this browser and is not finished. */
export const isMidRegistration = () =>
  readStorage(STORAGE_KEYS.registrationEmail) !== null || readStorage(STORAGE_KEYS.phoneToVerify) !== null;

export function storeVerification(phone: string, verificationId: string): void {
  writeStorage(STORAGE_KEYS.phoneToVerify, phone);
  writeStorage(STORAGE_KEYS.phoneVerificationId, verificationId);
}

export function clearVerificationData(): void {
  for (const key of VERIFICATION_KEYS) removeStorage(key);
}

export function clearRegistrationData(): void {
  for (const key of REGISTRATION_KEYS) removeStorage(key);
  clearVerificationData();
}
