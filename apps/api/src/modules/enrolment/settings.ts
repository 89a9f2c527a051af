import {
  countriesOfPhone,
  ENROLMENT_MESSAGES,
  type EnrolmentSettings,
  type EnrolmentSettingsBody,
} from '@loyalty/contracts';
import type { Database } from '../../db/client';
import { UNIQUE_VIOLATION, violation } from '../../db/violation';
import type { RecordChange } from '../../lib/changes';
import { AppError, notFound } from '../../lib/errors';
import { defaultSlug } from './default-slug';
import { findEnrolment, saveEnrolment, slugTakenByOther, type TenantFacts, tenantFacts } from './repository';

/** What a tenant that never saved the join page has: off, a derived slug, the owner's phone country. */
function defaultEnrolment(facts: TenantFacts, tenantId: string): EnrolmentSettingsBody {
  const country = countriesOfPhone(facts.ownerPhone)[0];
  return {
    enabled: false,
    slug: defaultSlug(facts.storeName || facts.businessName, tenantId),
    welcomePoints: 0,
    requireEmail: false,
    termsUrl: '',
    allowedCountries: country ? [country] : [],
  };
}

const joinUrlOf = (publicUrl: string, slug: string) => `${publicUrl}/join/${encodeURIComponent(slug)}`;

export async function readEnrolment(db: Database, tenantId: string, publicUrl: string): Promise<EnrolmentSettings> {
  let settings = await findEnrolment(db, tenantId);
  if (!settings) {
    const facts = await tenantFacts(db, tenantId);
    if (!facts) throw notFound('Business not found');
    settings = defaultEnrolment(facts, tenantId);
  }
  return { ...settings, joinUrl: joinUrlOf(publicUrl, settings.slug) };
}

const slugTaken = () =>
  new AppError(409, ENROLMENT_MESSAGES.slugTaken, {
    error: 'CONFLICT',
    errors: { slug: ENROLMENT_MESSAGES.slugTaken },
  });

/** Saves the settings; a slug another tenant holds is 409 at `slug` (checked first, and by the index in a race). */
export async function writeEnrolment(
  db: Database,
  tenantId: string,
  publicUrl: string,
  body: EnrolmentSettingsBody,
  recordChange: RecordChange,
): Promise<EnrolmentSettings> {
  if (await slugTakenByOther(db, tenantId, body.slug)) throw slugTaken();
  try {
    const allowedCountries = [...new Set(body.allowedCountries)];
    const saved = await saveEnrolment(db, tenantId, { ...body, allowedCountries }, recordChange);
    return { ...saved, joinUrl: joinUrlOf(publicUrl, saved.slug) };
  } catch (error) {
    if (isSlugViolation(error)) throw slugTaken();
    throw error;
  }
}

function isSlugViolation(error: unknown): boolean {
  return violation(error, UNIQUE_VIOLATION)?.includes('slug') === true;
}
