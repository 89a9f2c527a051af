import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { headers: IncomingHttpHeaders; body: string; at: number };

/**
 * A webhook receiver on 127.0.0.1 for tests and the benchmark: records every request and answers with the
 * next scripted status (the last one repeats), or as `respond` decides.
 */
export async function startReceiver(
  opts: { statuses?: number[]; respond?: (res: ServerResponse, received: Received) => void; port?: number } = {},
) {
  const received: Received[] = [];
  const statuses = [...(opts.statuses ?? [200])];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      if (opts.respond) return opts.respond(res, entry);
      res.statusCode = (statuses.length > 1 ? statuses.shift() : statuses[0]) as number;
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
