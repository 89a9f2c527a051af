import type { FastifyInstance } from 'fastify';
import { bearer } from '../helpers';
import { fileBody, generatedImage } from './uploads';

// Test helpers for both wallets and the features whose jobs update them; what reads an Apple pass back is in
// apple-wallet.ts.

/** Uploads a generated image through the API as the tenant's owner; answers its URL. */
export async function upload(app: FastifyInstance, token: string, width: number, height: number): Promise<string> {
  const body = fileBody(await generatedImage('png', width, height));
  const res = await app.inject({
    method: 'POST',
    url: '/api/oci-object-storage',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return res.json().message as string;
}

/** Waits for a condition a job brings about; fails the test after a few seconds, never sleeps a fixed time. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return check();
}
