// Ports for the servers the benchmark starts. With BENCH_PORTS (e.g. "3231-3239,9531-9539") they come from
// those ranges only, so a bench on a shared machine stays off ports others use; without it, any free port.
import { createServer } from 'node:net';
import { freePort } from '../../scripts/lib/free-port.mjs';

function parseRanges(spec) {
  const ports = [];
  for (const part of spec.split(',')) {
    const [from, to = from] = part.trim().split('-').map(Number);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from > to)
      throw new Error(`BENCH_PORTS: bad range "${part}"`);
    for (let p = from; p <= to; p++) ports.push(p);
  }
  return ports;
}

const pool = process.env.BENCH_PORTS ? parseRanges(process.env.BENCH_PORTS) : undefined;
let next = 0;

const isFree = (port) =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * A port nothing listens on. From the pool, in turn: a port handed out a moment ago is not bound yet by
 * the process it was given to, so going round the pool rather than from its start never hands it out twice.
 */
export async function benchPort() {
  if (!pool) return freePort();
  for (let tried = 0; tried < pool.length; tried++) {
    const port = pool[next];
    next = (next + 1) % pool.length;
    if (await isFree(port)) return port;
  }
  throw new Error(`BENCH_PORTS: none of ${process.env.BENCH_PORTS} is free`);
}
