#!/usr/bin/env node
// What compressing a JSON answer costs and saves, by size: CPU per answer (brotli quality 4 and gzip level 6,
// as plugins/compression.ts does) against the time the saved bytes take on a slow link. It picks the
// threshold under which the API sends JSON as it is. `node bench/compression.mjs`
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const LINK_MBIT = 10; // a middling mobile link
const member = (i) => ({
  userId: `0f8fad5b-d9cb-469f-a165-70867728${String(i).padStart(4, '0')}`,
  firstName: `First${i}`,
  lastName: `Last${i}`,
  email: `member${i}@example.test`,
  phone: `+8529${String(1000000 + i)}`,
  membershipCode: `M${String(i).padStart(6, '0')}`,
  membershipLevelName: ['Basic', 'Silver', 'Gold'][i % 3],
  tierId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  pointsBalance: (i * 37) % 5000,
  status: 'ACTIVE',
  createdAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
});
const page = (rows) =>
  JSON.stringify({ content: Array.from({ length: rows }, (_, i) => member(i)), totalElements: 1e5 });
const bodies = [
  ['error answer', JSON.stringify({ status: 404, error: 'NOT_FOUND', message: 'Route GET /api/x not found' })],
  ['members/me', JSON.stringify({ ...member(1), role: 'owner', tenantId: 'x'.repeat(36), tenantName: 'Shop' })],
  ['1 member row', page(1)],
  ['3 member rows', page(3)],
  ['20-row members page', page(20)],
  ['100-row members page', page(100)],
];

function perCall(fn, input) {
  for (let i = 0; i < 50; i++) fn(input);
  const n = Math.max(50, Math.round(2e6 / input.length));
  const t = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn(input);
  return Number(process.hrtime.bigint() - t) / n / 1000;
}
const br = (b) =>
  brotliCompressSync(b, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
const gz = (b) => gzipSync(b, { level: 6 });

console.log(`answer                  bytes   br bytes  gz bytes   br µs   gz µs   saved on ${LINK_MBIT} Mbit/s`);
for (const [label, text] of bodies) {
  const input = Buffer.from(text);
  const brBytes = br(input).length;
  const gzBytes = gz(input).length;
  // Content-Encoding and Vary cost ~40 bytes of headers on the answer.
  const savedMs = (((input.length - brBytes - 40) * 8) / (LINK_MBIT * 1e6)) * 1000;
  console.log(
    `${label.padEnd(22)} ${String(input.length).padStart(6)} ${String(brBytes).padStart(9)} ${String(gzBytes).padStart(9)}` +
      ` ${perCall(br, input).toFixed(1).padStart(7)} ${perCall(gz, input).toFixed(1).padStart(7)}   ${savedMs.toFixed(2)} ms`,
  );
}
