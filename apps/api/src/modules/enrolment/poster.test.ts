import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LANGUAGES } from '@loyalty/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { missingGlyphs } from '../../lib/fonts';
import type { StorageDriver } from '../../storage';
import { type PosterInput, posterPng, posterTexts } from './poster';

const apiRoot = join(import.meta.dirname, '../../..');
const poster = (overrides: Partial<PosterInput>): PosterInput => ({
  tenantId: 't1',
  storeName: '港灣麵包坊',
  logoUrl: '',
  joinUrl: 'https://loyalty.example/join/harbour-bakery',
  language: 'zh-Hant',
  backgroundColor: '#1d4ed8',
  foregroundColor: '#ffffff',
  ...overrides,
});

/** Posters drawn by a fresh process whose fontconfig knows no font at all: a server with no fonts installed. */
function drawWithoutSystemFonts(inputs: PosterInput[]): Buffer[] {
  const dir = mkdtempSync(join(tmpdir(), 'no-fonts-'));
  const config = join(dir, 'fonts.conf');
  writeFileSync(config, `<?xml version="1.0"?>\n<fontconfig><cachedir>${dir}</cachedir></fontconfig>\n`);
  const out = execFileSync(process.execPath, ['--import', 'tsx', 'test/render-poster.ts', JSON.stringify(inputs)], {
    cwd: apiRoot,
    env: { ...process.env, FONTCONFIG_FILE: config, FONTCONFIG_PATH: dir, XDG_DATA_HOME: dir },
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .toString()
    .trim()
    .split('\n')
    .map((line) => Buffer.from(line, 'base64'));
}

/** The pixels of the band that carries the store name (no logo: the band is 300 px high, the name above 230). */
const nameBand = (png: Buffer) => sharp(png).extract({ left: 0, top: 150, width: 1240, height: 110 }).raw().toBuffer();

describe('the join poster draws with the fonts the product carries', () => {
  it('has a glyph for every character it draws, in every language, Traditional and Simplified names alike', () => {
    for (const language of LANGUAGES) {
      for (const storeName of ['港灣麵包坊', '港湾面包坊', 'Harbour Bakery & Café', '扫码 掃碼 Ünïcødé']) {
        for (const text of posterTexts(poster({ language, storeName }))) {
          expect({ language, text, missing: missingGlyphs(text, language, 'bold') }).toEqual({
            language,
            text,
            missing: [],
          });
          expect({ language, text, missing: missingGlyphs(text, language) }).toEqual({ language, text, missing: [] });
        }
      }
    }
  });

  it('draws the same poster on a server with no fonts, and its Chinese is glyphs, not missing-glyph boxes', async () => {
    const hant = poster({ language: 'zh-Hant', storeName: '港灣麵包坊' });
    const hans = poster({ language: 'zh-Hans', storeName: '港湾面包坊' });
    // Private-use characters no font has: what a name drawn without its glyphs looks like.
    const unknown = poster({ language: 'zh-Hant', storeName: '\ue000\ue001\ue002\ue003\ue004' });
    const [traditional = Buffer.alloc(0), simplified = Buffer.alloc(0), boxes = Buffer.alloc(0)] =
      drawWithoutSystemFonts([hant, hans, unknown]);
    const storage = {} as StorageDriver;
    // The same pixels as this process draws with the machine's own fonts: no system font takes part.
    for (const [input, drawn] of [
      [hant, traditional],
      [hans, simplified],
    ] as const) {
      const here = await posterPng(storage, input);
      expect((await sharp(drawn).raw().toBuffer()).equals(await sharp(here).raw().toBuffer())).toBe(true);
    }
    const missing = await nameBand(boxes);
    expect((await nameBand(traditional)).equals(missing)).toBe(false);
    expect((await nameBand(simplified)).equals(missing)).toBe(false);
    // And the name is drawn at all: the band holds the foreground colour, not only the background.
    const { data, info } = await sharp(traditional)
      .extract({ left: 0, top: 150, width: 1240, height: 110 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let white = 0;
    for (let p = 0; p < data.length; p += info.channels) {
      if ((data[p] ?? 0) > 240 && (data[p + 1] ?? 0) > 240 && (data[p + 2] ?? 0) > 240) white++;
    }
    expect(white).toBeGreaterThan(2000);
  }, 60_000);
});
