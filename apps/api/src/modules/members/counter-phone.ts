import { internationalPhoneOf } from '@loyalty/contracts';
import type { Queries } from '../../db/client';
import { getBusinessProfile } from '../business';

/**
 * The counter's text read as a phone in the business's national format (`91234567` in Hong Kong,
 * `0912 345 678` in Taiwan, `138 0013 8000` in mainland China), in the international format members' phones
 * are stored in; undefined when it is not one or the business's country is not known. Reads the business's
 * country, so the counter asks only once no membership code matched.
 */
export async function nationalPhoneOf(db: Queries, tenantId: string, text: string): Promise<string | undefined> {
  if (!/^[\d\s\-.()]+$/.test(text)) return undefined;
  return internationalPhoneOf(text, (await getBusinessProfile(db, tenantId))?.country);
}
