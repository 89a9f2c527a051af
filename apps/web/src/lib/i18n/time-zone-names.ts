import { activeLocale } from './i18n';

// Intl names no time zone directly (Intl.DisplayNames has no time zone type); a date format's time zone part
// does, in the reader's language: Asia/Hong_Kong is 香港標準時間, 香港标准时间, Hong Kong Standard Time.
const SAMPLE = new Date(Date.UTC(2026, 0, 15));

function zonePart(zone: string, style: 'long' | 'longGeneric' | 'shortGeneric'): string {
  try {
    const parts = new Intl.DateTimeFormat(activeLocale(), { timeZone: zone, timeZoneName: style }).formatToParts(
      SAMPLE,
    );
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone;
  } catch {
    return zone; // a zone this browser does not know is shown as stored
  }
}

/** A time zone's name in the active language (UTC, which has no generic name, as 世界標準時間). */
export function timeZoneName(zone: string): string {
  const generic = zonePart(zone, 'longGeneric');
  return generic.startsWith('GMT') ? zonePart(zone, 'long') : generic;
}

/** The zone's city as its id spells it (Asia/Hong_Kong → Hong Kong): the last word where names are shared. */
const cityOf = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

/**
 * Every zone as a list shows it, each name told apart: a name several zones share (中歐時間 for Paris and
 * Berlin) becomes the zone's country time where Intl has one (法國時間), else carries its city (中部時間（Knox）).
 */
export function timeZoneLabels(zones: readonly string[]): Map<string, string> {
  const first = new Map(zones.map((zone) => [zone, timeZoneName(zone)]));
  const counts = new Map<string, number>();
  for (const name of first.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
  const chinese = activeLocale() !== 'en';
  const labels = new Map<string, string>();
  for (const [zone, name] of first) {
    if ((counts.get(name) ?? 0) <= 1) {
      labels.set(zone, name);
      continue;
    }
    const country = zonePart(zone, 'shortGeneric');
    const isLocation = !country.startsWith('GMT') && !/^[A-Z]{1,5}$/.test(country) && !counts.has(country);
    labels.set(zone, isLocation ? country : chinese ? `${name}（${cityOf(zone)}）` : `${name} (${cityOf(zone)})`);
  }
  // A country with several zones (法國時間 is one, 美國時間 is not) is told apart by its city too.
  const again = new Map<string, number>();
  for (const label of labels.values()) again.set(label, (again.get(label) ?? 0) + 1);
  for (const [zone, label] of labels) {
    if ((again.get(label) ?? 0) > 1)
      labels.set(zone, chinese ? `${label}（${cityOf(zone)}）` : `${label} (${cityOf(zone)})`);
  }
  return labels;
}
