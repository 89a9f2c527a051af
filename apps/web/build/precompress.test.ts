import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress';

describe('precompressing the build', () => {
  it('writes brotli and gzip encodings beside text files that decode to the same bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
    mkdirSync(join(dir, 'assets'));
    const js = `export const list = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `item ${i}`))};`;
    const html = `<!doctype html><title>x</title>${'<p>text</p>'.repeat(100)}`;
    writeFileSync(join(dir, 'assets', 'app-1a2b.js'), js);
    writeFileSync(join(dir, 'index.html'), html);
    writeFileSync(join(dir, 'assets', 'tiny-3c.js'), 'export {}');
    writeFileSync(join(dir, 'logo.png'), Buffer.alloc(4096, 7));

    await precompressDir(dir);

    const read = (name: string) => readFileSync(join(dir, name));
    expect(brotliDecompressSync(read('assets/app-1a2b.js.br')).toString()).toBe(js);
    expect(gunzipSync(read('assets/app-1a2b.js.gz')).toString()).toBe(js);
    expect(read('assets/app-1a2b.js.br').length).toBeLessThan(read('assets/app-1a2b.js.gz').length);
    expect(brotliDecompressSync(read('index.html.br')).toString()).toBe(html);
    // Too small to gain anything, or not text: left as they are.
    expect(readdirSync(join(dir, 'assets')).sort()).toEqual([
      'app-1a2b.js',
      'app-1a2b.js.br',
      'app-1a2b.js.gz',
      'tiny-3c.js',
    ]);
    expect(readdirSync(dir).filter((f) => f.startsWith('logo'))).toEqual(['logo.png']);
  });
});
