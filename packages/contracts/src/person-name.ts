/**
 * A customer's name as its own script writes it. Chinese, Japanese and Korean names are written family name
 * first with no space (陳大文, 山田太郎, 김민수) and their avatar shows the family name (陳); other names are
 * given name first with a space (Ada Lovelace) and two initials (AL). Every screen, the card page and both
 * wallet passes use these, so a member reads the same everywhere; exports keep the two fields apart.
 */

// Han (with extensions and compatibility ideographs), kana, Hangul and the ideographic iteration mark.
const EAST_ASIAN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3005]/u;
// What an East Asian name may also hold: spaces and the middle dots of transliterated or Japanese names.
const NEUTRAL = /[\s\u00b7\u30fb\u2027]/gu;

type NameParts = { firstName: string; lastName: string };

/** True when a part is written wholly in an East Asian script (marks and middle dots aside). */
function eastAsian(part: string): boolean {
  const letters = part.replace(NEUTRAL, '');
  if (!letters) return false;
  return [...letters].every((ch) => EAST_ASIAN.test(ch));
}

/** True when the name is written family name first: every part that is there is East Asian. */
export function familyNameFirst({ firstName, lastName }: NameParts): boolean {
  const parts = [firstName.trim(), lastName.trim()].filter(Boolean);
  return parts.length > 0 && parts.every(eastAsian);
}

/** The name as shown: 陳大文 for 大文 / 陳, Ada Lovelace for Ada / Lovelace. */
export function personName(name: NameParts): string {
  const first = name.firstName.trim();
  const last = name.lastName.trim();
  if (familyNameFirst(name)) return `${last}${first}`;
  return [first, last].filter(Boolean).join(' ');
}

/** The avatar's letters: the family name's first character (陳), or the first letters of both names (AL). */
export function personInitials(name: NameParts): string {
  const first = [...name.firstName.trim()];
  const last = [...name.lastName.trim()];
  if (familyNameFirst(name)) return (last[0] ?? first[0] ?? '?').toString();
  return `${first[0] ?? ''}${last[0] ?? ''}`.toUpperCase() || '?';
}

/**
 * The avatar's letters of a name already written out (a display name such as Firebase keeps, shown as
 * personName writes it): an East Asian name gives its first character, the family name (黃美玲 → 黃), as a
 * Chinese screen shows it; another its first two words' first letters (Ada Owner → AO).
 */
export function shownNameInitials(shown: string): string {
  const name = shown.trim();
  if (!name) return '';
  if (eastAsian(name)) return [...name.replace(NEUTRAL, '')][0] ?? '';
  return name
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}
