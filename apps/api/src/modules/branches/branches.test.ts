import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { addBranch, branchBody, branchesApi } from '../../../test/support/branches';
import { business } from '../../../test/support/members';

type Biz = Awaited<ReturnType<typeof business>>;

describe('branches: the list and its rules (docs/design.md §10)', () => {
  let app: FastifyInstance;
  let b: Biz;
  const api = () => branchesApi(app);

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
  });
  afterAll(() => app.close());

  it('an owner adds, reads, changes and deletes a branch; staff read it', async () => {
    const made = await api().create(b.owner, branchBody());
    expect(made.statusCode, made.body).toBe(201);
    const branch = made.json();
    expect(branch).toMatchObject({
      name: 'Central',
      nameZh: '中環',
      nameCn: '中环',
      phone: '+852 2812 3456',
      latitude: 22.28,
      longitude: 114.15,
      relevantTextZh: '此店可用會員卡',
      active: true,
      inUse: false,
    });
    const read = await api().get(b.staff, branch.id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(branch);
    const list = await api().list(b.staff);
    expect(list.json().content.map((x: { id: string }) => x.id)).toContain(branch.id);

    const changed = await api().update(b.admin, branch.id, branchBody({ name: 'Central 2', active: false }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'Central 2', active: false });

    expect((await api().remove(b.owner, branch.id)).statusCode).toBe(204);
    expect((await api().get(b.owner, branch.id)).statusCode).toBe(404);
  });

  it('staff cannot write branches', async () => {
    expect((await api().create(b.staff, branchBody())).statusCode).toBe(403);
  });

  it('refuses coordinates alone or out of range, and a lock-screen text over 60 characters, at the field', async () => {
    const alone = await api().create(b.owner, branchBody({ longitude: null }));
    expect(alone.statusCode).toBe(400);
    expect(alone.json().errors).toEqual({ longitude: 'Enter both latitude and longitude, or neither' });
    const lat = await api().create(b.owner, branchBody({ latitude: 91 }));
    expect(lat.statusCode).toBe(400);
    expect(lat.json().errors).toMatchObject({ latitude: 'Latitude is a number from -90 to 90' });
    const lng = await api().create(b.owner, branchBody({ longitude: -180.5 }));
    expect(lng.json().errors).toMatchObject({ longitude: 'Longitude is a number from -180 to 180' });
    const long = await api().create(b.owner, branchBody({ relevantTextZh: '字'.repeat(61) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ relevantTextZh: 'At most 60 characters' });
    const unnamed = await api().create(b.owner, branchBody({ name: '  ' }));
    expect(unnamed.json().errors).toEqual({ name: 'Name is required' });
    // Neither coordinate is fine: a branch without a place on the map.
    const nowhere = await api().create(b.owner, branchBody({ latitude: null, longitude: null }));
    expect(nowhere.statusCode, nowhere.body).toBe(201);
    expect(nowhere.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('holds at most 50 branches per business (409 TOO_MANY_BRANCHES)', async () => {
    const other = await business(app);
    for (let i = 0; i < 50; i++) await addBranch(app, other.owner, { name: `Shop ${i}` });
    const more = await api().create(other.owner, branchBody({ name: 'Shop 51' }));
    expect(more.statusCode).toBe(409);
    expect(more.json().error).toBe('TOO_MANY_BRANCHES');
  }, 120_000);

  it('another business’s branch is not found', async () => {
    const other = await business(app);
    const theirs = await addBranch(app, other.owner);
    expect((await api().get(b.owner, theirs)).statusCode).toBe(404);
    expect((await api().update(b.owner, theirs, branchBody())).statusCode).toBe(404);
    expect((await api().remove(b.owner, theirs)).statusCode).toBe(404);
  });
});
