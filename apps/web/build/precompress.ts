import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts in the build are compressed formats already. */
const COMPRESSIBLE = /\.(?:m?js|css|html|svg|json|webmanifest|txt|xml|wasm)$/;

/** Below this a file fits in a packet or two whatever its encoding; its siblings would only be clutter. */
const MIN_BYTES = 512;

/** The brotli and gzip encodings of one file, both at their highest level (done once, at build). */
export async function compressBoth(bytes: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    gz(bytes, { level: 9 }),
  ]);
  return { br, gz: gzipped };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the build, index.html included, so the
 * server sends the encoding the browser asks for without compressing anything per request (@fastify/static's
 * preCompressed). An encoding that would not save at least a tenth is left out; the server then sends the
 * file as it is.
 */
export async function precompressDir(dir: string): Promise<{ files: number; written: number }> {
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(file);
      if (bytes.length < MIN_BYTES) return;
      const encoded = await compressBoth(bytes);
      for (const [ext, body] of Object.entries(encoded)) {
        if (body.length > bytes.length * 0.9) continue;
        await writeFile(`${file}.${ext}`, body);
        written++;
      }
    }),
  );
  return { files: files.length, written };
}

/**
 * Precompresses the build once every file is final: closeBundle runs after all plugins' writeBundle, so
 * index.html already carries the route-preload script.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'loyalty:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files, written } = await precompressDir(outDir);
      this.info(`precompressed ${files} files: ${written} .br/.gz written beside them`);
    },
  };
}
