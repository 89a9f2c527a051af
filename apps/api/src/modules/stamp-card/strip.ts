import sharp from 'sharp';

/**
 * The stamp card drawn as a pass's strip (docs/design.md §10): Apple's storeCard strip is 375×123 pt, given at @1x,
 * @2x and @3x; Google shows the @3x one as the object's hero image. One circle per stamp of the card in up to two
 * rows, the stamps filled in the pass's foreground colour, the empty places ringed in its label colour, on its
 * background. Drawn once per design and count and kept (a pass after a stamp is built as fast as after a purchase).
 */
export type StripColours = { background: string; filled: string; empty: string };

const WIDTH = 375;
const HEIGHT = 123;
const SCALES = [1, 2, 3] as const;
const HEX = /^#[0-9a-fA-F]{6}$/;

/** The strip as SVG at 1 pt = `scale` px. */
function stripSvg(colours: StripColours, stamps: number, total: number, scale: number): string {
  const rows = total > 10 ? 2 : 1;
  const perRow = Math.ceil(total / rows);
  const gap = 8;
  // The largest circle that fits the row across and the rows down, with a margin.
  const diameter = Math.min((WIDTH - 24 - gap * (perRow - 1)) / perRow, (HEIGHT - 20 - gap * (rows - 1)) / rows, 44);
  const r = diameter / 2;
  const top = (HEIGHT - (rows * diameter + (rows - 1) * gap)) / 2;
  const circles: string[] = [];
  for (let i = 0; i < total; i++) {
    const row = Math.floor(i / perRow);
    const inRow = row === rows - 1 ? total - perRow * (rows - 1) : perRow;
    const left = (WIDTH - (inRow * diameter + (inRow - 1) * gap)) / 2;
    const cx = left + (i - row * perRow) * (diameter + gap) + r;
    const cy = top + row * (diameter + gap) + r;
    const stroke = Math.max(2, diameter / 14);
    circles.push(
      i < stamps
        ? `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colours.filled}"/>` +
            `<path d="M${cx - r * 0.4} ${cy} l${r * 0.28} ${r * 0.3} l${r * 0.52} -${r * 0.6}" fill="none" stroke="${colours.background}" stroke-width="${stroke * 1.4}" stroke-linecap="round" stroke-linejoin="round"/>`
        : `<circle cx="${cx}" cy="${cy}" r="${r - stroke / 2}" fill="none" stroke="${colours.empty}" stroke-width="${stroke}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * scale}" height="${HEIGHT * scale}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="${WIDTH}" height="${HEIGHT}" fill="${colours.background}"/>${circles.join('')}</svg>`;
}

const fileName = (scale: number) => (scale === 1 ? 'strip.png' : `strip@${scale}x.png`);

const cache = new Map<string, Promise<Record<string, Buffer>>>();
const MAX_ENTRIES = 500;

/**
 * The strip's three files (`strip.png`, `strip@2x.png`, `strip@3x.png`) for `stamps` of `total`, drawn once per
 * colours and count and kept (the most recent 500 sets).
 */
export function stampStrip(colours: StripColours, stamps: number, total: number): Promise<Record<string, Buffer>> {
  const safe = {
    background: HEX.test(colours.background) ? colours.background : '#ffffff',
    filled: HEX.test(colours.filled) ? colours.filled : '#000000',
    empty: HEX.test(colours.empty) ? colours.empty : '#888888',
  };
  const n = Math.max(2, Math.min(20, Math.trunc(total)));
  const s = Math.max(0, Math.min(n, Math.trunc(stamps)));
  const key = `${safe.background}${safe.filled}${safe.empty}:${s}/${n}`;
  let entry = cache.get(key);
  if (entry) {
    cache.delete(key);
    cache.set(key, entry);
    return entry;
  }
  entry = (async () => {
    const files: Record<string, Buffer> = {};
    for (const scale of SCALES) {
      files[fileName(scale)] = await sharp(Buffer.from(stripSvg(safe, s, n, scale)))
        .png({ compressionLevel: 9 })
        .toBuffer();
    }
    return files;
  })();
  entry.catch(() => cache.delete(key));
  cache.set(key, entry);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
  return entry;
}
