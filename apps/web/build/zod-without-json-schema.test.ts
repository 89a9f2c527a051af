import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMA_MODULE, STAND_IN } from './zod-without-json-schema';

const exportsOf = (source: string) =>
  [...source.matchAll(/^export (?:const|function|let|class) (\w+)|^export \{ (\w+) as (\w+) \}/gm)]
    .map((m) => m[1] ?? m[3])
    .sort();

describe('zod without its JSON Schema writer', () => {
  it('stands in with every export of the module it replaces (a zod upgrade that changes them fails here)', () => {
    const zodDir = join(createRequire(join(import.meta.dirname, '..', 'package.json')).resolve('zod'), '..');
    const file = join(zodDir, 'v4', 'core', 'to-json-schema.js');
    expect(JSON_SCHEMA_MODULE.test(file)).toBe(true);
    expect(exportsOf(STAND_IN)).toEqual(exportsOf(readFileSync(file, 'utf8')));
  });

  it('nothing in the web app or the contracts asks for JSON Schema', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const files = [join(root, 'apps/web/src'), join(root, 'packages/contracts/src')].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
        .map((f) => join(dir, f)),
    );
    expect(files.length).toBeGreaterThan(100);
    const asking = files.filter((f) => /toJSONSchema|\.jsonSchema\b/.test(readFileSync(f, 'utf8')));
    expect(asking).toEqual([]);
  });
});
