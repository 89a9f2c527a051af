// The ceiling: a bare Fastify route in its own process answering a fixed JSON page, no auth, no database.
// argv: <port> <json file of {path: body}>; each path answers its body, serialised per request as Fastify does.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const pages = JSON.parse(readFileSync(file, 'utf8'));
const app = Fastify({ logger: false });
for (const [path, body] of Object.entries(pages)) app.get(path, async () => body);
app.get('/api/ready', async () => ({ status: 'ok' }));
await app.listen({ port: Number(port), host: '127.0.0.1' });
