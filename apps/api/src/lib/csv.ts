import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * What a spreadsheet may read as the start of a formula: `=`, `+`, `-`, `@` in their ASCII, full-width
 * (U+FF1D, U+FF0B, U+FF0D, U+FF20: an East Asian input method types these, and spreadsheets set to those
 * languages take them for the ASCII ones) and small forms (U+FE62, U+FE63, U+FE66, U+FE6B), the minus sign
 * U+2212, and the blanks some strip before looking (tab, carriage return, line feed, the ideographic space).
 */
const FORMULA_START = /^[=+\-@\t\r\n\uFF1D\uFF0B\uFF0D\uFF20\uFE62\uFE63\uFE66\uFE6B\u2212\u3000]/;

/**
 * A cell a spreadsheet would read as a formula gets a `'` in front, so it shows as the text it is (OWASP CSV
 * injection). Only text: numbers are written as numbers, so a negative points entry stays -5.
 */
const inertCell = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/**
 * The text an export made inert, as it was: an import takes the export's own files back (a phone such as
 * `'+85291234567` is the phone `+85291234567`). Only a quote before a formula character is dropped.
 */
export const restoredCell = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;

/**
 * `chunks` of rows (read a chunk at a time, never all at once) as CSV text: UTF-8 with a byte order mark
 * (Excel then opens Chinese names rightly), the header line first, formula-like text made inert. The
 * stream's back-pressure paces the reads: a slow reader holds one chunk, not the whole export.
 */
export function csvStream(header: readonly string[], chunks: AsyncIterable<readonly (string | number | null)[][]>) {
  async function* rows() {
    for await (const chunk of chunks) yield* chunk;
  }
  const csv = stringify({
    bom: true,
    header: true,
    // Rows are arrays, matched to the columns by position.
    columns: header.map((name) => ({ key: name, header: name })),
    cast: { string: inertCell },
  });
  const source = Readable.from(rows(), { objectMode: true });
  source.on('error', (error) => csv.destroy(error));
  return source.pipe(csv);
}

/**
 * Sends CSV rows as a download named `fileName` (csvStream). The first chunk is read before anything is
 * sent, so a failing query still answers the one JSON error shape rather than a broken download.
 */
export async function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  chunks: AsyncIterable<readonly (string | number | null)[][]>,
) {
  const iterator = chunks[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* all() {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(header, all()));
}
