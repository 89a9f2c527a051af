/**
 * Which texts a field takes (docs/design.md §4): no control, separator or invisible character. Plain functions and
 * messages, no zod: the customer pages check their form with them and load no schema library.
 */
export const CONTROL_CHARS_MESSAGE = 'Contains characters that are not allowed';
export const INVISIBLE_FORMAT_MESSAGE = 'Contains invisible direction or zero-width characters';

/**
 * Characters that break a line or are no text at all, by Unicode's own categories: every control (Cc: C0, DEL
 * and C1, so U+0085 too), the line and paragraph separators (Zl U+2028, Zp U+2029) and lone surrogates (Cs).
 * A one-line field refuses all of them; a multi-line one keeps tab, line feed and carriage return.
 */
export const CONTROL_CHARS = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;
const CONTROL_CHARS_IN_TEXT = /(?![\t\n\r])[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]/u;

/**
 * Characters that show nothing yet change what a name shows on a screen or a wallet pass: every format
 * character (Cf: direction marks, embeddings, overrides and isolates, so `bidi\u202Eevil` displays reversed;
 * zero-width space, non-joiner and joiner; word joiner and invisible operators U+2060–U+2064; soft hyphen;
 * byte order mark; U+061C; U+180E…), and the letters and marks Unicode defines to show nothing: the Hangul
 * fillers (U+115F, U+1160, U+3164, U+FFA0), the combining grapheme joiner U+034F, the Khmer inherent vowels
 * U+17B4/U+17B5, the blank braille pattern U+2800 and the musical null notehead U+1D159. Letters of every
 * script, CJK included, and variation selectors (emoji presentation, CJK ideographic variants) stay welcome.
 */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: each mark is a character of its own to find, not a cluster
export const INVISIBLE_FORMAT_CHARS = /[\p{Cf}\u034F\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0\u{1D159}]/u;

/**
 * The two format characters emoji are made of, where they make one: a zero-width joiner between two
 * pictographs (woman + ZWJ + laptop; a skin tone or a variation selector may follow
 * the first) and the tag characters of a subdivision flag (black flag U+1F3F4, tags, cancel tag U+E007F).
 * Anywhere else they are as invisible as the rest.
 */
const EMOJI_JOINER =
  /(?<=\p{Extended_Pictographic}(?:\p{Emoji_Modifier}|\uFE0F)*)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAGS = /(?<=\u{1F3F4})[\u{E0020}-\u{E007E}]+\u{E007F}/gu;
const ASCII_PRINTABLE = /^[\x20-\x7E]*$/;
const withoutEmojiJoins = (value: string) => value.replace(EMOJI_TAGS, '').replace(EMOJI_JOINER, '');

/** True when a one-line text (a name, a label, a reason) holds no control, separator or invisible character. */
export const isCleanText = (value: string): boolean => {
  if (ASCII_PRINTABLE.test(value)) return true;
  const text = withoutEmojiJoins(value);
  return !CONTROL_CHARS.test(text) && !INVISIBLE_FORMAT_CHARS.test(text);
};

/** True when a multi-line text (a description) holds nothing but tab, line breaks and visible characters. */
export const isCleanMultiline = (value: string): boolean => {
  if (ASCII_PRINTABLE.test(value)) return true;
  const text = withoutEmojiJoins(value);
  return !CONTROL_CHARS_IN_TEXT.test(text) && !INVISIBLE_FORMAT_CHARS.test(text);
};

/** The refusal message for a one-line text `isCleanText` rejected: `.refine(isCleanText, CLEAN_TEXT)`. */
export const CLEAN_TEXT = {
  error: (issue: { input?: unknown }) =>
    typeof issue.input === 'string' && !CONTROL_CHARS.test(issue.input)
      ? INVISIBLE_FORMAT_MESSAGE
      : CONTROL_CHARS_MESSAGE,
};

/** The refusal message for a multi-line text: `.refine(isCleanMultiline, CLEAN_MULTILINE)`. */
export const CLEAN_MULTILINE = {
  error: (issue: { input?: unknown }) =>
    typeof issue.input === 'string' && !CONTROL_CHARS_IN_TEXT.test(issue.input)
      ? INVISIBLE_FORMAT_MESSAGE
      : CONTROL_CHARS_MESSAGE,
};
