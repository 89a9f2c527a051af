// Where the machine's CPU goes during a load run, by process: the API, PostgreSQL (every `postgres` process),
// the load generator (this process: autocannon runs in it) and everything else (the Auth emulator, the
// machine's own). Read from /proc (Linux), so the split says whether a target is out of the machine's reach:
// at N requests a second, the CPU milliseconds each request costs, summed over the processes that serve it,
// must fit in the cores the machine has.
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

// USER_HZ: the kernel's clock ticks per second in /proc's CPU times. 100 on every Linux build this runs on.
const TICKS_PER_SECOND = 100;

function readStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    // After comm: state(0) ppid(1) … utime(11) stime(12).
    return { comm, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone between the listing and the read
  }
}

/** CPU ticks so far of every live process, by pid, and the machine's total and idle ticks. */
export function cpuSnapshot() {
  if (process.platform !== 'linux') return undefined;
  const procs = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(name);
    if (s) procs.set(Number(name), s);
  }
  const [, ...all] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const total = all.reduce((sum, n) => sum + Number(n), 0);
  // idle(3) + iowait(4)
  const idle = Number(all[3]) + Number(all[4]);
  return { at: performance.now(), procs, total, idle };
}

/**
 * What each group of processes spent between two snapshots: CPU ms per request and the share of the
 * machine's cores, plus the machine's idle share. A process that ended between the two (a short-lived
 * PostgreSQL backend) is not counted, so the groups' sum can fall short of the machine's busy time: "busy"
 * is the machine's own count.
 */
export function cpuSplit(before, after, { apiPid, requests }) {
  if (!before || !after) return undefined;
  const groups = { api: 0, postgres: 0, loadGenerator: 0, other: 0 };
  for (const [pid, a] of after.procs) {
    const b = before.procs.get(pid);
    const ticks = a.ticks - (b?.ticks ?? 0);
    if (!b || ticks <= 0) continue;
    const group =
      pid === apiPid ? 'api' : pid === process.pid ? 'loadGenerator' : a.comm === 'postgres' ? 'postgres' : 'other';
    groups[group] += ticks;
  }
  const wallSeconds = (after.at - before.at) / 1000;
  const cores = cpus().length;
  const perRequest = (ticks) => (requests ? ((ticks / TICKS_PER_SECOND) * 1000) / requests : Number.NaN);
  const share = (ticks) => ticks / TICKS_PER_SECOND / wallSeconds;
  const machineTicks = after.total - before.total;
  return {
    cores,
    wallSeconds,
    requests,
    // ms of CPU per request, and cores used on average (1 = one core busy the whole run)
    msPerRequest: Object.fromEntries(Object.entries(groups).map(([k, t]) => [k, perRequest(t)])),
    coresUsed: Object.fromEntries(Object.entries(groups).map(([k, t]) => [k, share(t)])),
    machineBusy: machineTicks ? 1 - (after.idle - before.idle) / machineTicks : Number.NaN,
  };
}

/** One line: "API 0.62 ms (0.71 cores) · PostgreSQL … · machine 98 % busy". */
export function formatCpuSplit(split) {
  if (!split) return 'CPU split: not measured (needs Linux /proc)';
  const name = { api: 'API', postgres: 'PostgreSQL', loadGenerator: 'load generator', other: 'other' };
  const parts = Object.keys(name).map(
    (k) => `${name[k]} ${split.msPerRequest[k].toFixed(3)} ms (${split.coresUsed[k].toFixed(2)} cores)`,
  );
  const sum = Object.values(split.msPerRequest).reduce((a, b) => a + b, 0);
  return `CPU per request: ${parts.join(' · ')} · sum ${sum.toFixed(3)} ms · machine ${(split.machineBusy * 100).toFixed(0)} % busy of ${split.cores} cores`;
}

/**
 * What a target asks of the CPU, beside what a request costs. Under a closed loop of `connections`
 * (autocannon's), Little's law ties the rate to the mean latency: a p95 of `p95Ms` needs about
 * connections / p95 requests a second, so the rate the target needs is the larger of that and `rps`. At that
 * rate the machine's cores allow `cores / rate` of CPU per request; a process that runs in one thread (the
 * API with embedded PGlite) gets one core at most.
 */
export function cpuBudget(split, { rps = 0, p95Ms, connections, oneThread = false }) {
  if (!split) return undefined;
  const needRps = Math.max(rps, p95Ms ? (connections * 1000) / p95Ms : 0);
  const machineMs = (split.cores * 1000) / needRps;
  const sum = Object.values(split.msPerRequest).reduce((a, b) => a + b, 0);
  return {
    needRps,
    machineMs,
    oneThreadMs: oneThread ? 1000 / needRps : undefined,
    sum,
    fits: sum <= machineMs && (!oneThread || split.msPerRequest.api <= 1000 / needRps),
  };
}

export function formatCpuBudget(budget, split) {
  if (!budget) return '';
  const f = (n) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const within = budget.oneThreadMs
    ? `, and ${budget.oneThreadMs.toFixed(2)} ms on the API's one thread (its process spends ${split.msPerRequest.api.toFixed(2)})`
    : '';
  return (
    `target needs ≥ ${f(budget.needRps)} req/s: at most ${budget.machineMs.toFixed(2)} ms of CPU per request on ` +
    `${split.cores} cores${within}; measured ${budget.sum.toFixed(2)} ms${budget.fits ? '' : ' (out of this machine’s reach at these costs)'}`
  );
}
