import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { buildTestApp, engine } from '../helpers';

/** Unzips a served .pkpass with the system's unzip (an independent reader): file name → bytes, and the folder. */
export function unzipPass(pkpass: Buffer): { dir: string; files: Record<string, Buffer> } {
  const dir = mkdtempSync(join(tmpdir(), 'lp-pkpass-'));
  writeFileSync(join(dir, 'pass.pkpass'), pkpass);
  execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'out'], { cwd: dir });
  const root = join(dir, 'out');
  const files: Record<string, Buffer> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else files[relative(root, path)] = readFileSync(path);
    }
  };
  walk(root);
  return { dir: root, files };
}

/** Reads a pass.strings file back: key → value, unescaping as the strings format does. */
export function parseStrings(bytes: Buffer): Record<string, string> {
  const out: Record<string, string> = {};
  const text = bytes.toString('utf8');
  const entry = /"((?:[^"\\]|\\.)*)"\s*=\s*"((?:[^"\\]|\\.)*)";/g;
  const unescaped = (s: string) => s.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
  for (const match of text.matchAll(entry)) out[unescaped(match[1] as string)] = unescaped(match[2] as string);
  return out;
}

/** The `.lproj` a phone in this language reads, matched as iOS does; none for a language the pass lacks. */
function lprojOf(device: string): string | undefined {
  if (/^en(-|$)/.test(device)) return 'en';
  if (/^zh-(Hant|HK|TW|MO)(-|$)/.test(device)) return 'zh-Hant';
  if (/^zh-(Hans|CN|SG)(-|$)/.test(device)) return 'zh-Hans';
  return undefined;
}

/** The pass.json texts Wallet looks up in pass.strings. */
const LOCALISABLE = new Set([
  'description',
  'organizationName',
  'logoText',
  'label',
  'value',
  'changeMessage',
  'relevantText',
]);

export type FieldOnPhone = { key: string; label?: string; value: unknown; changeMessage?: string } & Record<
  string,
  unknown
>;
export type PassOnPhone = Record<string, unknown> & {
  description: string;
  storeCard: Partial<Record<'headerFields' | 'secondaryFields' | 'auxiliaryFields' | 'backFields', FieldOnPhone[]>>;
};

/**
 * pass.json as a phone in `device` language shows it: each localisable text looked up in that language's
 * pass.strings, else the text itself (Wallet's fallback: a language the pass lacks, an entry it lacks). The
 * zero-width spaces that keep two entries apart (pass-localisation.ts) show as nothing, so they are dropped.
 */
export function passOnPhone(files: Record<string, Buffer>, device: string): PassOnPhone {
  const lproj = lprojOf(device);
  const bytes = lproj ? files[`${lproj}.lproj/pass.strings`] : undefined;
  const strings = bytes ? parseStrings(bytes) : {};
  const read = (node: unknown, name = ''): unknown => {
    if (typeof node === 'string') {
      return LOCALISABLE.has(name) ? (strings[node] ?? node).replace(/\u200b/g, '') : node;
    }
    if (Array.isArray(node)) return node.map((item) => read(item));
    if (node && typeof node === 'object') {
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, read(value, key)]));
    }
    return node;
  };
  return read(JSON.parse(files['pass.json']?.toString() ?? '{}')) as PassOnPhone;
}

/** A field of the card as the phone shows it, whichever list it is on. */
export function fieldOnPhone(pass: PassOnPhone, key: string): FieldOnPhone | undefined {
  return Object.values(pass.storeCard)
    .flat()
    .find((field) => field?.key === key);
}

export const passUrl = (memberId: string) => `/api/tenants/member/${memberId}/passes/apple`;

/**
 * An app whose pushes go to the stand-in, with its job queue started in a schema of its own (test files run in
 * parallel on one PostgreSQL database; the run's reset drops these schemas).
 */
export async function walletTestApp(standIn: { url: string; caFile: string }) {
  const schema = `pgboss_t${randomBytes(4).toString('hex')}`;
  const app = await buildTestApp({
    APNS_URL: standIn.url,
    APNS_CA_FILE: standIn.caFile,
    JOB_QUEUE_SCHEMA: schema,
    // On PostgreSQL the queue opens its own pool on the test database.
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
  });
  await app.jobs.start();
  return app;
}
