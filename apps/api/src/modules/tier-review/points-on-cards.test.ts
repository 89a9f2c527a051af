import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, engine, testConfig } from '../../../test/helpers';
import { type ApnsStandIn, startApnsStandIn } from '../../../test/support/apns-stand-in';
import { passUrl, unzipPass } from '../../../test/support/apple-wallet';
import { googleIssuer, TEST_ISSUER_ID } from '../../../test/support/google-wallet';
import type { GoogleStandIn } from '../../../test/support/google-wallet-stand-in';
import { business, insertSettings, insertTiers } from '../../../test/support/members';
import { DAY, memberWhoSpent, tierApi, tierOf } from '../../../test/support/tier-review';
import { eventually } from '../../../test/support/wallet';
import { loadWalletCredentials } from '../wallet/apple/certificates';
import { runReview } from './review';

const MONTH = 30 * DAY;

/**
 * What the clock's work does to the cards members hold (docs/design.md §9): the warnings, the review and the lapse sweep
 * reach registered iPhones (the APNs stand-in records each push), not only the passes' update times, and Google
 * Wallet shows the points warned of beside the balance until they lapse.
 */
describe(`points on time on the cards, on ${engine}`, () => {
  let app: FastifyInstance;
  let apns: ApnsStandIn;
  let google: GoogleStandIn;

  beforeAll(async () => {
    const credentials = loadWalletCredentials(testConfig().wallet);
    apns = await startApnsStandIn({
      apnsKey: credentials.apns.key,
      keyId: credentials.apns.keyId,
      teamId: credentials.teamId,
      topic: credentials.passTypeId,
    });
    const issuer = await googleIssuer();
    google = issuer.standIn;
    app = await buildTestApp({
      ...issuer.env,
      APNS_URL: apns.url,
      APNS_CA_FILE: apns.caFile,
      JOB_QUEUE_SCHEMA: `pgboss_t${randomBytes(4).toString('hex')}`,
      ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL as string } : {}),
    });
    await app.jobs.start();
  });
  afterAll(async () => {
    await app?.close();
    await apns?.close();
    await google?.close();
  });

  it('pushes registered devices after the warnings, the review and the sweep; Google shows the points warned of', async () => {
    const biz = await business(app);
    // $1 → 10 points, each lot lapsing 30 days after it is earned, warned of 7 days before.
    await insertSettings(app, biz.tenantId, { expiryType: 'DAYS', pointsExpiryDays: 30, expiryWarningDays: 7 });
    const tiers = await insertTiers(app, biz.tenantId);
    const api = tierApi(app);
    const now = new Date();
    // Silver by lifetime spend from purchases 13 months ago (their points still lapse 30 days from now).
    const ann = await memberWhoSpent(app, biz.owner, 600, new Date(now.getTime() - 13 * MONTH), 'Ann');
    const ben = await memberWhoSpent(app, biz.owner, 700, new Date(now.getTime() - 13 * MONTH), 'Ben');
    expect((await tierOf(app, ann))?.tierId).toBe(tiers.silver);

    // Each holds the Apple pass on a registered iPhone; Ann also saved the Google card.
    for (const [memberId, pushToken] of [
      [ann, 'cccc0001'],
      [ben, 'cccc0002'],
    ] as const) {
      const res = await app.inject({ url: passUrl(memberId), headers: bearer(biz.staff) });
      const pass = JSON.parse(unzipPass(res.rawPayload).files['pass.json']?.toString() ?? '{}');
      const registered = await app.inject({
        method: 'POST',
        url: `/api/passkit/v1/devices/dev-${pushToken}/registrations/${pass.passTypeIdentifier}/${memberId}`,
        headers: { authorization: `ApplePass ${pass.authenticationToken}` },
        payload: { pushToken },
      });
      expect(registered.statusCode).toBe(201);
    }
    const link = await app.inject({ url: `/api/tenants/member/${ann}/passes/google`, headers: bearer(biz.staff) });
    expect(link.statusCode, link.body).toBe(200);
    await google.save(link.json().saveUrl);
    const objectId = `${TEST_ISSUER_ID}.${ann}`;
    const patches = () =>
      google.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith(`/loyaltyObject/${objectId}`));
    const pushed = (token: string) => apns.pushes.filter((p) => p.pushToken === token).length;
    const pushedBoth = (n: number) => eventually(() => pushed('cccc0001') >= n && pushed('cccc0002') >= n, 20_000);
    const before = { ann: pushed('cccc0001'), ben: pushed('cccc0002') };

    // The warnings: both members in one batch (the passes bumped in bulk), and each device is pushed.
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 23 * DAY + 60_000))).warned).toBe(2);
    expect(await pushedBoth(Math.max(before.ann, before.ben) + 1)).toBe(true);
    // Google: the points warned of beside the balance, the date and the sentence below, in three languages.
    expect(await eventually(() => patches().some((c) => c.body?.secondaryLoyaltyPoints), 20_000)).toBe(true);
    const warned = google.objects.get(objectId) as Record<string, unknown>;
    expect(warned.secondaryLoyaltyPoints).toEqual({
      label: 'Expiring',
      localizedLabel: {
        defaultValue: { language: 'en-US', value: 'Expiring' },
        translatedValues: [
          { language: 'zh-TW', value: '即將到期' },
          { language: 'zh-CN', value: '即将到期' },
        ],
      },
      balance: { int: 6000 },
    });
    const module = (warned.textModulesData as { id: string; header: string; body: string }[]).find(
      (m) => m.id === 'expiring',
    );
    expect(module?.header).toMatch(/^Expiring \w{3} \d{1,2}, \d{4}$/);
    expect(module?.body).toMatch(/^6,000 points expire on \w{3} \d{1,2}, \d{4}$/);
    expect(JSON.stringify(module)).toContain('積分將於');
    // The balance did not move: no update notice is asked of Google for it (Google allows three a day).
    expect(patches().at(-1)?.body).not.toHaveProperty('notifyPreference');

    // The review moves both down in one batch: their devices are pushed again.
    const afterWarning = { ann: pushed('cccc0001'), ben: pushed('cccc0002') };
    const policy = { basis: 'ROLLING_MONTHS', months: 12, downgrade: 'TO_QUALIFYING', graceDays: 0 } as const;
    expect((await api.save(biz.owner, policy)).statusCode).toBe(200);
    const moved = await runReview(app.db, app.changes, biz.tenantId, { ...policy, saved: true }, now);
    expect(moved).toEqual({ upgrades: 0, downgrades: 2 });
    expect((await tierOf(app, ben))?.tierId).toBe(tiers.basic);
    expect(
      await eventually(() => pushed('cccc0001') > afterWarning.ann && pushed('cccc0002') > afterWarning.ben, 20_000),
    ).toBe(true);

    // The sweep writes the lapsed points off: devices pushed once more, and Google's card drops the warning.
    const afterReview = { ann: pushed('cccc0001'), ben: pushed('cccc0002') };
    const patchesBefore = patches().length;
    expect((await api.tick(biz.tenantId, new Date(now.getTime() + 30 * DAY + 60_000))).swept).toBe(2);
    expect(
      await eventually(() => pushed('cccc0001') > afterReview.ann && pushed('cccc0002') > afterReview.ben, 20_000),
    ).toBe(true);
    expect(
      await eventually(() => patches().length > patchesBefore && !google.objects.get(objectId)?.secondaryLoyaltyPoints),
    ).toBe(true);
    const swept = google.objects.get(objectId) as Record<string, unknown>;
    expect(swept.loyaltyPoints).toMatchObject({ balance: { int: 0 } });
    expect((swept.textModulesData as { id: string }[]).map((m) => m.id)).not.toContain('expiring');
  });
});
