import { randomBytes, randomUUID } from 'node:crypto';
import type { ImportStatus } from '@loyalty/contracts';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { bearer, buildTestApp, engine } from '../helpers';
import { eventually } from './wallet';

/** A test app with its job queue started in a schema of its own (parallel files share PostgreSQL). */
export async function importTestApp() {
  const app = await buildTestApp({
    JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
    ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
  });
  await app.jobs.start();
  return app;
}

/** A multipart body with the CSV as `file` and the mapping as a JSON field, as the import screen sends. */
export function multipart(csv: string | Buffer, mapping: Record<string, string> | null) {
  const boundary = `----test${randomUUID()}`;
  const mappingPart =
    mapping === null
      ? ''
      : `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n${JSON.stringify(mapping)}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(
      mappingPart +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The English headers an export writes, mapped to the fields (what the screen's auto-match proposes). */
export const ENGLISH_MAPPING = {
  'First name': 'firstName',
  'Last name': 'lastName',
  Email: 'email',
  Phone: 'phone',
  'Membership code': 'membershipCode',
  Tier: 'tier',
  Points: 'points',
  'Lifetime spend': 'lifetimeSpend',
};

export function filesApi(app: FastifyInstance) {
  const api = {
    exportMembers: (token: string, query = '') =>
      app.inject({ url: `/api/tenants/member/export.csv${query}`, headers: bearer(token) }),
    import: (
      token: string,
      csv: string | Buffer,
      /** null: no mapping part at all (the server matches the columns by their names). */
      mapping: Record<string, string> | null = ENGLISH_MAPPING,
      dryRun = false,
    ) => {
      const body = multipart(csv, mapping);
      return app.inject({
        method: 'POST',
        url: `/api/tenants/member/import?dryRun=${dryRun}`,
        headers: { ...bearer(token), ...body.headers },
        payload: body.payload,
      });
    },
    status: (token: string, id: string) => app.inject({ url: `/api/tenants/imports/${id}`, headers: bearer(token) }),
    /** Imports and waits until the job says done; answers the final status. */
    async importAndWait(
      token: string,
      csv: string | Buffer,
      mapping?: Record<string, string> | null,
    ): Promise<ImportStatus> {
      const res = await api.import(token, csv, mapping);
      if (res.statusCode !== 202) throw new Error(`import: ${res.statusCode} ${res.body}`);
      const { importId } = res.json();
      let status: ImportStatus | undefined;
      await eventually(async () => {
        status = (await api.status(token, importId)).json();
        return status?.state === 'done';
      }, 20_000);
      return status as ImportStatus;
    },
  };
  return api;
}

/** The records of a CSV answer, header first; the byte order mark must be there and is dropped. */
export function csvRecords(body: string): string[][] {
  if (!body.startsWith('\uFEFF')) throw new Error(`no byte order mark: ${body.slice(0, 300)}`);
  return parse(body.slice(1)) as string[][];
}
