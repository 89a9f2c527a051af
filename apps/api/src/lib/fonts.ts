import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Language } from '@loyalty/contracts';
import { create, type Font } from 'fontkit';

/**
 * Text the server draws itself (the join poster, images drawn for a business), in fonts the product carries:
 * Noto Sans TC and SC (SIL Open Font License 1.1, from the @expo-google-fonts packages, one whole TTF per
 * weight). Glyphs are turned into SVG paths here, so librsvg never looks a font up: a server with no fonts at
 * all, or an empty fontconfig, draws the same poster. Each character takes the language's own font first
 * (TC for Traditional and English, SC for Simplified) and the other one when the first lacks it (TC has no
 * 扫 or 码), so a Simplified store name on a Traditional poster still reads. Subsetting would not pay: only
 * the paths of the characters drawn reach the PNG, and the PDF embeds that PNG, not a font.
 */

type FontWeight = 'regular' | 'bold';

const require = createRequire(import.meta.url);
const FILES: Record<'tc' | 'sc', Record<FontWeight, string>> = {
  tc: {
    regular: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  },
  sc: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
};

// About 7 MB each: read on first use and kept (the poster is drawn rarely, but a font parse costs ~100 ms).
const loaded = new Map<string, Font>();
function font(family: 'tc' | 'sc', weight: FontWeight): Font {
  const key = `${family}-${weight}`;
  let found = loaded.get(key);
  if (!found) {
    found = create(readFileSync(require.resolve(FILES[family][weight])));
    loaded.set(key, found);
  }
  return found;
}

/** The fonts a language's text is drawn with, in the order each character tries them. */
function fontsFor(language: Language, weight: FontWeight): [Font, Font] {
  return language === 'zh-Hans' ? [font('sc', weight), font('tc', weight)] : [font('tc', weight), font('sc', weight)];
}

/** Characters of `text` that none of the language's fonts has a glyph for (spaces and controls aside). */
export function missingGlyphs(text: string, language: Language, weight: FontWeight = 'regular'): string[] {
  const fonts = fontsFor(language, weight);
  const missing = new Set<string>();
  for (const ch of text) {
    if (/\s/.test(ch)) continue;
    const code = ch.codePointAt(0) ?? 0;
    if (!fonts.some((f) => f.hasGlyphForCodePoint(code))) missing.add(ch);
  }
  return [...missing];
}

type Run = { font: Font; text: string };

/** Splits text into runs of one font each: the first font that has the character (the first if none has). */
function runs(text: string, fonts: [Font, ...Font[]]): Run[] {
  const out: Run[] = [];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    const chosen = /\s/.test(ch)
      ? (out.at(-1)?.font ?? fonts[0])
      : (fonts.find((f) => f.hasGlyphForCodePoint(code)) ?? fonts[0]);
    const last = out.at(-1);
    if (last && last.font === chosen) last.text += ch;
    else out.push({ font: chosen, text: ch });
  }
  return out;
}

type TextOptions = {
  x: number;
  /** The baseline. */
  y: number;
  size: number;
  language: Language;
  weight?: FontWeight;
  anchor?: 'start' | 'middle' | 'end';
  fill: string;
  /** Narrows the text (never widens it) so it fits: long store names and URLs stay on the page. */
  maxWidth?: number;
};

type Placed = { d: string; x: number };

function layout(
  text: string,
  fonts: [Font, ...Font[]],
  size: number,
): { glyphs: (Placed & { scale: number })[]; width: number } {
  const glyphs: (Placed & { scale: number })[] = [];
  let pen = 0;
  for (const run of runs(text, fonts)) {
    const scale = size / run.font.unitsPerEm;
    const { glyphs: shaped, positions } = run.font.layout(run.text);
    shaped.forEach((glyph, i) => {
      const { xAdvance = 0, xOffset = 0 } = positions[i] ?? {};
      const d = glyph.path.toSVG();
      if (d) glyphs.push({ d, x: pen + xOffset * scale, scale });
      pen += xAdvance * scale;
    });
  }
  return { glyphs, width: pen };
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * One line of text as SVG paths (one per glyph, in the glyph's own units scaled into place), for an SVG the
 * server renders. The fill must be a #rrggbb colour: nothing from the caller reaches the markup unchecked.
 */
export function svgText(text: string, options: TextOptions): string {
  const { size, anchor = 'start' } = options;
  if (!HEX.test(options.fill)) throw new Error('svgText: fill must be #rrggbb');
  const fonts = fontsFor(options.language, options.weight ?? 'regular');
  let { glyphs, width } = layout(text, fonts, size);
  if (options.maxWidth && width > options.maxWidth) {
    ({ glyphs, width } = layout(text, fonts, (size * options.maxWidth) / width));
  }
  const start = anchor === 'middle' ? options.x - width / 2 : anchor === 'end' ? options.x - width : options.x;
  const n = (value: number) => Number(value.toFixed(3));
  const paths = glyphs.map(
    (g) =>
      `<path transform="translate(${n(start + g.x)} ${n(options.y)}) scale(${n(g.scale)} ${n(-g.scale)})" d="${g.d}"/>`,
  );
  return `<g fill="${options.fill}">${paths.join('')}</g>`;
}
