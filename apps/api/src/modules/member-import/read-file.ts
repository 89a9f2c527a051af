import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  autoMapping,
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  type ImportError,
  type ImportField,
  type ImportMapping,
  importRowSchema,
} from '@loyalty/contracts';
import { parse } from 'csv-parse';
import { parse as parseNow } from 'csv-parse/sync';
import { restoredCell } from '../../lib/csv';
import { badRequest } from '../../lib/errors';
import { giveWay } from '../../lib/give-way';
import type { ImportRow } from '../members';

type ReadFile = {
  /** Data rows in the file (the header not counted). */
  total: number;
  /** The rows that pass the member form's rules, each with its line in the file. */
  rows: ImportRow[];
  /** Every bad row's field and message: the form's rules, and a phone or e-mail already on an earlier row. */
  errors: ImportError[];
};

/** Bytes handed to the parser at a time, and rows checked between two pauses for waiting requests. */
const READ_SLICE = 64 * 1024;
const ROWS_BETWEEN_PAUSES = 1000;

export const fileHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads an uploaded CSV (UTF-8, with or without a byte order mark, comma separated, quoted as RFC 4180)
 * with the admin's column mapping. Rows are numbered as a spreadsheet shows them: the header is row 1.
 * Deterministic: the job reads the stored file again and finds the same rows and errors.
 */
export async function readImportFile(bytes: Buffer, mapping: ImportMapping): Promise<ReadFile> {
  // Fed in slices and read with pauses: a 20 MB file parsed and checked in one go would hold the thread for
  // seconds, and every request with it (lib/give-way.ts).
  const slices: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += READ_SLICE) slices.push(bytes.subarray(at, at + READ_SLICE));
  const parser = Readable.from(slices).pipe(
    parse({ bom: true, skip_empty_lines: true, relax_column_count: true, trim: false }),
  );
  let columns: [number, ImportField][] | undefined;
  const rows: ImportRow[] = [];
  const errors: ImportError[] = [];
  const phones = new Set<string>();
  const emails = new Set<string>();
  let total = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!columns) {
        columns = columnsOf(record, mapping);
        continue;
      }
      total++;
      if (total % ROWS_BETWEEN_PAUSES === 0) await giveWay();
      const row = total + 1;
      const input: Record<string, string> = {};
      for (const [index, field] of columns) input[field] = restoredCell(record[index] ?? '');
      const parsed = importRowSchema.safeParse(input);
      if (!parsed.success) {
        const seen = new Set<string>();
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'row');
          if (seen.has(field)) continue;
          seen.add(field);
          errors.push({ row, field, message: issue.message });
        }
        continue;
      }
      const values = parsed.data;
      const email = values.email.toLowerCase();
      if (values.phone && phones.has(values.phone)) {
        errors.push({ row, field: 'phone', message: IMPORT_MESSAGES.duplicatePhone });
        continue;
      }
      if (email && emails.has(email)) {
        errors.push({ row, field: 'email', message: IMPORT_MESSAGES.duplicateEmail });
        continue;
      }
      if (values.phone) phones.add(values.phone);
      if (email) emails.add(email);
      rows.push({ row, ...values });
    }
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('CSV_')) {
      throw badRequest({ file: IMPORT_MESSAGES.notCsv }, IMPORT_MESSAGES.notCsv);
    }
    throw error;
  }
  if (!columns) throw badRequest({ file: IMPORT_MESSAGES.notCsv }, IMPORT_MESSAGES.notCsv);
  return { total, rows, errors };
}

/** Which column feeds which field; first and last name must be mapped to columns the file has. */
function columnsOf(header: string[], mapping: ImportMapping): [number, ImportField][] {
  const columns: [number, ImportField][] = [];
  for (const [name, field] of Object.entries(mapping)) {
    const index = header.findIndex((h) => h.trim() === name.trim());
    if (index >= 0 && !columns.some(([, f]) => f === field)) columns.push([index, field]);
  }
  const mapped = new Set(columns.map(([, f]) => f));
  if (!mapped.has('firstName') || !mapped.has('lastName')) {
    throw badRequest({ mapping: IMPORT_MESSAGES.mapping }, IMPORT_MESSAGES.mapping);
  }
  return columns.sort((a, b) => IMPORT_FIELDS.indexOf(a[1]) - IMPORT_FIELDS.indexOf(b[1]));
}

/**
 * The mapping used when a client sends none: each column whose header is a documented field name
 * (`firstName`, `lastName`, `email`, `phone`, `points`…, docs/design.md §8) or one of the export's own headers (or an
 * alias the screen would propose) feeds that field, so a script following the contract, and an export sent back
 * as it is, import without a mapping.
 */
export function mappingFromHeader(bytes: Buffer): ImportMapping {
  const firstLine = bytes.subarray(0, Math.min(bytes.length, READ_SLICE));
  const end = firstLine.indexOf(10);
  let header: string[] = [];
  try {
    header =
      (parseNow(end >= 0 ? firstLine.subarray(0, end) : firstLine, { bom: true, to_line: 1 }) as string[][])[0] ?? [];
  } catch {
    throw badRequest({ file: IMPORT_MESSAGES.notCsv }, IMPORT_MESSAGES.notCsv);
  }
  return autoMapping(header.map((h) => h.trim()));
}
