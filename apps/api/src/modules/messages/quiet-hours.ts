import type { QuietHours } from '@loyalty/contracts';

const minutesOf = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number);
  return h * 60 + m;
};

/** The wall-clock time in `timeZone` at `at`, as minutes since its midnight. */
function localMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .formatToParts(at)
    .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/**
 * When the quiet hours holding `at` end, or null when `at` is outside them (or there are none). `from` after `to`
 * spans midnight (22:00 → 08:00); equal times mean none. Reckoned in whole minutes of the business's wall clock,
 * so a change of daylight saving inside the quiet hours moves their end by that hour, as a clock would.
 */
export function quietUntil(quiet: QuietHours | null | undefined, timeZone: string, at: Date): Date | null {
  if (!quiet) return null;
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return null;
  const now = localMinutes(at, timeZone);
  const inside = from < to ? now >= from && now < to : now >= from || now < to;
  if (!inside) return null;
  const wait = (to - now + 24 * 60) % (24 * 60);
  const end = new Date(at.getTime() + wait * 60_000);
  // To the start of that minute: the clock reads `to` from then on.
  end.setUTCSeconds(0, 0);
  return end;
}
