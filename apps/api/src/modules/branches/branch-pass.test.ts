import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp } from '../../../test/helpers';
import { passOnPhone, passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { addBranch } from '../../../test/support/branches';
import { addMember, business, insertSettings } from '../../../test/support/members';

/** A built .pkpass carries the branches near which it comes forward (docs/design.md §10). */
describe('branches on the Apple pass', () => {
  let app: FastifyInstance;
  let b: Awaited<ReturnType<typeof business>>;
  let memberId: string;
  const placed: { lat: number; lng: number }[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    b = await business(app);
    await insertSettings(app, b.tenantId);
    // Twelve located branches (Apple shows 10), one without coordinates and one inactive: neither is a location.
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const lat = 22 + i / 100;
      const lng = 114 + i / 100;
      placed.push({ lat, lng });
      ids.push(
        await addBranch(app, b.owner, {
          name: `Shop ${i}`,
          latitude: lat,
          longitude: lng,
          relevantText: `Shop ${i} is near`,
          relevantTextZh: `第 ${i} 分店就在附近`,
          relevantTextCn: i === 3 ? null : `第 ${i} 分店就在附近（简）`,
        }),
      );
    }
    await addBranch(app, b.owner, { name: 'Nowhere', latitude: null, longitude: null });
    await addBranch(app, b.owner, { name: 'Closed', latitude: 1, longitude: 1, active: false });
    // The member's home branch is the eleventh: first on the pass, though beyond the first ten made.
    memberId = await addMember(app, b.owner, { firstName: 'Mia', lastName: 'Chen', homeBranchId: ids[10] });
  });
  afterAll(() => app?.close());

  it('lists at most 10 active located branches, the home branch first, each text in the phone’s language', async () => {
    const res = await app.inject({ url: passUrl(memberId), headers: bearer(b.staff) });
    expect(res.statusCode).toBe(200);
    const { files } = unzipPass(res.rawPayload);
    const raw = JSON.parse(files['pass.json']?.toString() ?? '{}') as { locations: { latitude: number }[] };
    expect(raw.locations).toHaveLength(10);
    const expected = [placed[10], ...placed.slice(0, 9)] as { lat: number; lng: number }[];
    expect(raw.locations.map((l) => l.latitude)).toEqual(expected.map((p) => p.lat));

    type Located = { locations: { latitude: number; longitude: number; relevantText: string }[] };
    const en = passOnPhone(files, 'en-GB') as unknown as Located;
    const hant = passOnPhone(files, 'zh-HK') as unknown as Located;
    const hans = passOnPhone(files, 'zh-CN') as unknown as Located;
    expect(en.locations[0]).toEqual({ latitude: 22.1, longitude: 114.1, relevantText: 'Shop 10 is near' });
    expect(hant.locations[0]?.relevantText).toBe('第 10 分店就在附近');
    expect(hans.locations[0]?.relevantText).toBe('第 10 分店就在附近（简）');
    // A branch without a Simplified text reads its Traditional one in zh-Hans.
    expect(hans.locations[4]?.relevantText).toBe('第 3 分店就在附近');
    expect(en.locations[4]?.relevantText).toBe('Shop 3 is near');
  });
});
