// A webhook receiver on 127.0.0.1 in a worker thread of its own, so the time it notes for each arrival is not
// held up by the server under test, which runs on the main thread. Answers 200 to everything; sends
// {entryId, at} per request to the parent in batches, and its port first.
import { createServer } from 'node:http';
import { parentPort } from 'node:worker_threads';

let pending = [];
const flush = () => {
  if (pending.length) parentPort.postMessage({ arrivals: pending });
  pending = [];
};
setInterval(flush, 50).unref();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    res.end('ok');
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    pending.push({ entryId: body.data.entryId, id: req.headers['webhook-id'], path: req.url, at });
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => {
  if (m === 'flush') flush();
});
