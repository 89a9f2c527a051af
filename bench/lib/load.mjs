// autocannon with our own percentiles: every response time is kept, so p95 is exact (autocannon's own
// histogram reports p97.5, not p95).
import autocannon from 'autocannon';
import { cpuSnapshot, cpuSplit } from './cpu-split.mjs';

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN;

function once(opts) {
  const times = [];
  const inst = autocannon(opts);
  inst.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  return inst.then((result) => ({ result, times }));
}

/**
 * Warms up for a second, then loads url for `seconds` with `connections` connections.
 * Answers req/s, p50/p95/p99 in ms, bytes per answer, how many answers were 2xx and how many were not.
 * method and body (a string) for writes: every request sends the same body. With apiPid, also where the
 * machine's CPU went during the measured run, by process (./cpu-split.mjs).
 */
export async function load(
  url,
  { headers = {}, connections = 50, seconds = 6, warmup = 1, nextPath, method = 'GET', body, apiPid } = {},
) {
  // nextPath: a different path for every request (what a cache in front of the database would not absorb).
  const requests = nextPath ? [{ setupRequest: (req) => ({ ...req, path: nextPath() }) }] : undefined;
  const once_ = (opts) => once({ ...opts, method, body, ...(requests ? { requests } : {}) });
  if (warmup) {
    await once_({ url, headers, connections, duration: warmup });
    await drain(url);
  }
  const cpuBefore = apiPid ? cpuSnapshot() : undefined;
  const { result, times } = await once_({ url, headers, connections, duration: seconds });
  const cpu = apiPid ? cpuSplit(cpuBefore, cpuSnapshot(), { apiPid, requests: result.requests.total }) : undefined;
  // autocannon stops without waiting for answers in flight: let the server finish them before the next run,
  // or that run would queue behind this one's backlog.
  await drain(url);
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    bytes: result.requests.total ? result.throughput.total / result.requests.total : 0,
    requests: result.requests.total,
    ok: result['2xx'],
    bad: result.non2xx + result.errors + result.timeouts,
    cpu,
  };
}

/** Waits until the server answers GET /api/ready (a database round trip) quickly twice in a row. */
export async function drain(url, maxMs = 120_000) {
  const ready = new URL('/api/ready', url).href;
  const start = Date.now();
  let quick = 0;
  while (quick < 2 && Date.now() - start < maxMs) {
    const t = performance.now();
    try {
      await fetch(ready, { signal: AbortSignal.timeout(30_000) }).then((r) => r.arrayBuffer());
    } catch {}
    quick = performance.now() - t < 30 ? quick + 1 : 0;
    if (quick < 2) await new Promise((r) => setTimeout(r, 50));
  }
}
