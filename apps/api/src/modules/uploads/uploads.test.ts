import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signUp } from '../../../test/helpers';
import { activeOwner, addTeamUser } from '../../../test/onboarding-helpers';
import { startS3rver } from '../../../test/support/s3rver';
import { fileBody, generatedImage, multipartBody } from '../../../test/support/uploads';
import { uploads } from '../../db/schema';

const UPLOAD = '/api/oci-object-storage';
const MiB = 1024 * 1024;

type Env = { env: Record<string, string>; stop: () => Promise<void> };

async function localEnv(): Promise<Env> {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-data-'));
  return { env: { DATA_DIR: dataDir }, stop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function s3Env(): Promise<Env> {
  const s3 = await startS3rver();
  return { env: s3.env, stop: s3.stop };
}

describe.each([
  ['local disk', localEnv],
  ['S3-compatible (s3rver)', s3Env],
])('uploads on %s', (_, makeEnv) => {
  let app: FastifyInstance;
  let environment: Env;
  let owner: Awaited<ReturnType<typeof activeOwner>>;
  let staffToken: string;
  let adminToken: string;

  beforeAll(async () => {
    environment = await makeEnv();
    app = await buildTestApp(environment.env);
    owner = await activeOwner(app);
    const admin = await signUp();
    await addTeamUser(app, owner.tenantId, admin, 'admin', 'ACTIVE');
    adminToken = admin.idToken;
    const staff = await signUp();
    await addTeamUser(app, owner.tenantId, staff, 'staff', 'ACTIVE');
    staffToken = staff.idToken;
  });
  afterAll(async () => {
    await app.close();
    await environment.stop();
  });

  const upload = (body: { payload: Buffer; headers: Record<string, string> }, token = owner.token) =>
    app.inject({ method: 'POST', url: UPLOAD, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
  const rowsOfTenant = () => app.database.db.select().from(uploads).where(eq(uploads.tenantId, owner.tenantId));

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['webp', 'image/webp'],
  ] as const)('a real %s is stored, recorded and served with its type and safe headers', async (format, type) => {
    const original = await generatedImage(format, 80, 60);
    // The client's name and declared type play no part: the type comes from the bytes.
    const res = await upload(fileBody(original, '../../evil name.exe', 'application/octet-stream'), adminToken);
    expect(res.statusCode).toBe(200);
    const { message } = res.json() as { message: string };
    const extension = { png: 'png', jpeg: 'jpg', webp: 'webp' }[format];
    expect(message).toMatch(new RegExp(`^/files/${owner.tenantId}/[a-f0-9]{32}\\.${extension}$`));
    expect(message).not.toContain('evil');

    const key = message.slice('/files/'.length);
    const [row] = (await rowsOfTenant()).filter((r) => r.storageKey === key);
    expect(row).toMatchObject({ contentType: type, storageKey: key });
    expect(row?.accountId).toBeTruthy();

    const served = await app.inject({ url: message });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.length).toBe(row?.sizeBytes);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: format === 'jpeg' ? 'jpeg' : format, width: 80, height: 60 });
    // A public URL like a CDN's: no token needed to read it.
    expect(served.headers['set-cookie']).toBeUndefined();
  });

  it('strips metadata, applies the EXIF orientation and caps the largest side at 4096 px', async () => {
    const tall = await sharp({ create: { width: 5000, height: 300, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
      .toBuffer();
    const res = await upload(fileBody(tall, 'photo.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const served = await app.inject({ url: res.json().message });
    const meta = await sharp(served.rawPayload).metadata();
    // Orientation 6 turns 5000x300 into 300x5000, then the cap makes it 246x4096.
    expect(meta.height).toBe(4096);
    expect(meta.width).toBe(246);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('secret-camera-owner');
  });

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
  );
  const hostile: [string, () => Promise<Buffer>, string, number[]][] = [
    ['an SVG', async () => svg, 'image.svg', [415]],
    ['an SVG named .png and declared image/png', async () => svg, 'image.png', [415]],
    ['a GIF', () => generatedImage('gif'), 'anim.gif', [415]],
    ['a text file named .png', async () => Buffer.from('just some text, not an image\n'), 'notes.png', [415]],
    [
      'a PNG followed by a script (polyglot)',
      async () => Buffer.concat([await generatedImage('png'), Buffer.from('<script>alert(document.cookie)</script>')]),
      'poly.png',
      [400, 415],
    ],
    [
      'a JPEG followed by an HTML page (polyglot)',
      async () => Buffer.concat([await generatedImage('jpeg'), Buffer.from('<html><body>hi</body></html>')]),
      'poly.jpg',
      [400, 415],
    ],
    [
      'a truncated PNG',
      async () => {
        const full = await generatedImage('png', 200, 200);
        return full.subarray(0, Math.floor(full.length / 2));
      },
      'cut.png',
      [400, 415],
    ],
  ];

  it.each(hostile)('%s is refused with a clear message and nothing is stored', async (_, make, filename, codes) => {
    const before = (await rowsOfTenant()).length;
    const res = await upload(fileBody(await make(), filename, 'image/png'));
    expect(codes).toContain(res.statusCode);
    const body = res.json() as { message: string };
    expect(body.message).toMatch(/PNG, JPEG or WEBP|more than an image|not a valid image/);
    expect(await rowsOfTenant()).toHaveLength(before);
  });

  it('a 6 MiB file is refused with 413 JSON, nothing stored, no 5xx', async () => {
    const before = (await rowsOfTenant()).length;
    const big = Buffer.concat([await generatedImage('png'), Buffer.alloc(6 * MiB, 7)]);
    const res = await upload(fileBody(big, 'big.png'));
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ status: 413, message: 'The file is larger than 5 MiB' });
    expect(await rowsOfTenant()).toHaveLength(before);
  });

  it('a file just over the limit inside a body whose length the server cannot trust early is still 413', async () => {
    const before = (await rowsOfTenant()).length;
    // Within the envelope allowance, so the streamed size limit (not the Content-Length check) refuses it.
    const res = await upload(fileBody(Buffer.alloc(5 * MiB + 10, 1), 'edge.png'));
    expect(res.statusCode).toBe(413);
    expect(await rowsOfTenant()).toHaveLength(before);
  });

  it('staff may not upload (403); no token is 401', async () => {
    const body = fileBody(await generatedImage('png'));
    expect((await upload(body, staffToken)).statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: UPLOAD, headers: body.headers, payload: body.payload });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a missing file field is 400 naming the field', async () => {
    const png = await generatedImage('png');
    for (const body of [
      multipartBody([{ name: 'note', value: 'no file here' }]),
      multipartBody([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }]),
      fileBody(Buffer.alloc(0)),
    ]) {
      const res = await upload(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 400, errors: { file: expect.any(String) } });
    }
    const json = await app.inject({ method: 'POST', url: UPLOAD, headers: bearer(owner.token), payload: { a: 1 } });
    expect(json.statusCode).toBe(400);
  });

  it('GET /files answers 404 JSON for unknown, malformed or escaping keys', async () => {
    for (const url of [
      `/files/${owner.tenantId}/${'0'.repeat(32)}.png`,
      '/files/nope',
      '/files/../../etc/passwd',
      `/files/${owner.tenantId}/..%2F..%2Fsecret.png`,
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
  });
});

it('the local driver keeps files under DATA_DIR/uploads/<tenant>/', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-data-'));
  const app = await buildTestApp({ DATA_DIR: dataDir });
  try {
    const owner = await activeOwner(app);
    const body = fileBody(await generatedImage('webp'));
    const res = await app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { ...bearer(owner.token), ...body.headers },
      payload: body.payload,
    });
    const name = (res.json() as { message: string }).message.split('/').pop();
    expect(readdirSync(join(dataDir, 'uploads', owner.tenantId))).toContain(name);
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
