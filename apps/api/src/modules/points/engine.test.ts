import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  centsToDecimal,
  checkRedemption,
  expireLots,
  expiryFor,
  type Lot,
  nextTier,
  pointsEarned,
  type Rates,
  redeemValueCents,
  spendableBalance,
  type TierRange,
  takeFromLots,
  tierForSpend,
  toCents,
} from './engine';

const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);

const ratesArb: fc.Arbitrary<Rates> = fc
  .record({
    earnRateAmountCents: fc.bigInt({ min: 1n, max: 100_000n }),
    earnRatePoints: fc.integer({ min: 1, max: 1000 }),
    redeemRatePoints: fc.integer({ min: 1, max: 1000 }),
    redeemRateAmountCents: fc.bigInt({ min: 1n, max: 100_000n }),
    expiry: fc.oneof(
      fc.constant({ expiryType: 'NEVER' as const, pointsExpiryDays: null, pointsExpiryDate: null }),
      fc
        .integer({ min: 1, max: 60 })
        .map((d) => ({ expiryType: 'DAYS' as const, pointsExpiryDays: d, pointsExpiryDate: null })),
      fc.integer({ min: 0, max: 200 }).map((d) => ({
        expiryType: 'DATE' as const,
        pointsExpiryDays: null,
        pointsExpiryDate: new Date(T0 + d * DAY),
      })),
    ),
  })
  .map(({ expiry, ...rest }) => ({
    ...rest,
    ...expiry,
    minimumRedemption: null,
    maximumRedemption: null,
    isActive: true,
  }));

type Op =
  | { kind: 'advance'; ms: number }
  | { kind: 'purchase'; cents: bigint }
  | { kind: 'redeem'; points: number }
  | { kind: 'adjust'; points: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.integer({ min: 0, max: 90 * DAY }).map((ms) => ({ kind: 'advance' as const, ms })),
  fc.bigInt({ min: 1n, max: 500_000n }).map((cents) => ({ kind: 'purchase' as const, cents })),
  fc.integer({ min: 1, max: 5000 }).map((points) => ({ kind: 'redeem' as const, points })),
  fc
    .integer({ min: -3000, max: 3000 })
    .filter((p) => p !== 0)
    .map((points) => ({ kind: 'adjust' as const, points })),
);

/** A member kept the way the repository keeps one: lots, a signed ledger, expiry written at each write. */
function run(rates: Rates, ops: Op[]) {
  let now = new Date(T0);
  const lots: Lot[] = [];
  const ledger: { type: string; points: number }[] = [];
  let earned = 0;
  let spent = 0;
  let seq = 0;
  const expiredNow = () =>
    lots.reduce((sum, lot) => sum + (lot.expiresAt && lot.expiresAt <= now ? lot.remaining : 0), 0);
  const expiredRecorded = () => -ledger.filter((e) => e.type === 'EXPIRE').reduce((s, e) => s + e.points, 0);
  const writeExpiry = () => {
    for (const { id, points } of expireLots(lots, now)) {
      const lot = lots.find((l) => l.id === id) as Lot;
      lot.remaining = 0;
      ledger.push({ type: 'EXPIRE', points: -points });
    }
  };
  const spend = (points: number, type: string) => {
    const takes = takeFromLots(lots, points, now);
    if (!takes) return false;
    for (const take of takes) (lots.find((l) => l.id === take.id) as Lot).remaining -= take.points;
    ledger.push({ type, points: -points });
    spent += points;
    return true;
  };
  const earn = (points: number, type: string) => {
    ledger.push({ type, points });
    if (points > 0) lots.push({ id: `lot-${seq++}`, points, remaining: points, expiresAt: expiryFor(rates, now) });
    earned += points;
  };
  const check = () => {
    const balance = spendableBalance(lots, now);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBe(earned - spent - expiredRecorded() - expiredNow());
    // The ledger's sum less what has expired but not yet been written is what may be spent.
    expect(ledger.reduce((s, e) => s + e.points, 0) - expiredNow()).toBe(balance);
  };
  for (const op of ops) {
    if (op.kind === 'advance') {
      now = new Date(now.getTime() + op.ms);
      check();
      continue;
    }
    writeExpiry();
    const before = spendableBalance(lots, now);
    if (op.kind === 'purchase') earn(pointsEarned(op.cents, rates), 'PURCHASE');
    else if (op.kind === 'redeem') {
      const refused = checkRedemption(op.points, before, rates);
      const done = refused === null && spend(op.points, 'REDEEM');
      expect(done).toBe(op.points <= before);
      if (!done) expect(spendableBalance(lots, now)).toBe(before);
    } else if (op.points > 0) earn(op.points, 'ADJUST');
    else if (-op.points <= before) expect(spend(-op.points, 'ADJUST')).toBe(true);
    check();
  }
  writeExpiry();
  check();
  // After expiry is written, the ledger sum is the spendable balance exactly.
  expect(ledger.reduce((s, e) => s + e.points, 0)).toBe(spendableBalance(lots, now));
}

describe('loyalty engine (property-based)', () => {
  it('balance = earned − spent − expired, never negative, whatever the order of operations and the clock', () => {
    fc.assert(
      fc.property(ratesArb, fc.array(opArb, { maxLength: 60 }), (rates, ops) => run(rates, ops)),
      { numRuns: 300 },
    );
  });

  it('earning is floor(amount × points / amount) in whole cents, exactly', () => {
    fc.assert(
      fc.property(ratesArb, fc.bigInt({ min: 0n, max: 10n ** 12n }), (rates, cents) => {
        const p = BigInt(pointsEarned(cents, rates));
        const scaled = cents * BigInt(rates.earnRatePoints);
        expect(p * rates.earnRateAmountCents <= scaled).toBe(true);
        expect((p + 1n) * rates.earnRateAmountCents > scaled).toBe(true);
      }),
    );
  });

  it('redemption takes the soonest-expiring unexpired lots first, never-expiring last', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            remaining: fc.integer({ min: 0, max: 500 }),
            days: fc.option(fc.integer({ min: -10, max: 50 })),
          }),
          { maxLength: 12 },
        ),
        fc.integer({ min: 1, max: 3000 }),
        (specs, points) => {
          const now = new Date(T0);
          const lots: Lot[] = specs.map((s, i) => ({
            id: `l${String(i).padStart(2, '0')}`,
            points: s.remaining,
            remaining: s.remaining,
            expiresAt: s.days === null ? null : new Date(T0 + s.days * DAY),
          }));
          const takes = takeFromLots(lots, points, now);
          const spendable = spendableBalance(lots, now);
          if (points > spendable) {
            expect(takes).toBeNull();
            return;
          }
          expect(takes?.reduce((s, t) => s + t.points, 0)).toBe(points);
          const used = (takes ?? []).map((t) => lots.find((l) => l.id === t.id) as Lot);
          for (const lot of used) expect(lot.expiresAt === null || lot.expiresAt > now).toBe(true);
          // Every lot not fully used expires no sooner than every lot taken from before it.
          const key = (l: Lot) => l.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
          for (let i = 1; i < used.length; i++)
            expect(key(used[i] as Lot)).toBeGreaterThanOrEqual(key(used[i - 1] as Lot));
          const partial = used.slice(0, -1);
          for (const lot of partial) expect(takes?.find((t) => t.id === lot.id)?.points).toBe(lot.remaining);
        },
      ),
    );
  });
});

describe('loyalty engine (examples)', () => {
  const rates: Rates = {
    earnRateAmountCents: 100n,
    earnRatePoints: 10,
    redeemRatePoints: 100,
    redeemRateAmountCents: 100n,
    minimumRedemption: 50,
    maximumRedemption: 1000,
    expiryType: 'NEVER',
    pointsExpiryDays: null,
    pointsExpiryDate: null,
    isActive: true,
  };

  it('earns in whole cents: $12.99 at $1 → 10 points earns 129; inactive earns 0', () => {
    expect(pointsEarned(toCents('12.99'), rates)).toBe(129);
    expect(pointsEarned(toCents(0.29), { ...rates, earnRateAmountCents: 10n, earnRatePoints: 1 })).toBe(2);
    expect(pointsEarned(1299n, { ...rates, isActive: false })).toBe(0);
    expect(pointsEarned(1299n, null)).toBe(0);
  });

  it('fixes the expiry when earned: NEVER null, DAYS earn time + days, DATE the set date', () => {
    const at = new Date(T0);
    expect(expiryFor(rates, at)).toBeNull();
    expect(expiryFor({ ...rates, expiryType: 'DAYS', pointsExpiryDays: 365 }, at)?.getTime()).toBe(T0 + 365 * DAY);
    const date = new Date('2026-06-30T00:00:00Z');
    expect(expiryFor({ ...rates, expiryType: 'DATE', pointsExpiryDate: date }, at)).toEqual(date);
  });

  it('refuses redemptions outside minimum, maximum, balance, or when inactive', () => {
    expect(checkRedemption(49, 500, rates)).toBe('BELOW_MINIMUM');
    expect(checkRedemption(1001, 5000, rates)).toBe('ABOVE_MAXIMUM');
    expect(checkRedemption(501, 500, rates)).toBe('INSUFFICIENT');
    expect(checkRedemption(500, 500, rates)).toBeNull();
    expect(checkRedemption(100, 500, { ...rates, isActive: false })).toBe('INACTIVE');
    expect(checkRedemption(100, 500, null)).toBe('INACTIVE');
  });

  it('values redeemed points at the redeem rate in cents', () => {
    expect(redeemValueCents(250, rates)).toBe(250n);
    expect(redeemValueCents(333, { ...rates, redeemRatePoints: 7, redeemRateAmountCents: 5n })).toBe(237n);
  });

  it('expired lots are neither spendable nor counted', () => {
    const now = new Date(T0);
    const lots: Lot[] = [
      { id: 'a', points: 100, remaining: 100, expiresAt: new Date(T0 - 1) },
      { id: 'b', points: 50, remaining: 50, expiresAt: new Date(T0) },
      { id: 'c', points: 30, remaining: 30, expiresAt: null },
    ];
    expect(spendableBalance(lots, now)).toBe(30);
    expect(expireLots(lots, now)).toEqual([
      { id: 'a', points: 100 },
      { id: 'b', points: 50 },
    ]);
    expect(takeFromLots(lots, 31, now)).toBeNull();
  });

  it('tier by lifetime spend: [min, max), null max = ∞, inactive tiers skipped; next tier and the amount to it', () => {
    const tiers: TierRange[] = [
      { id: 'basic', name: 'Basic', minCents: 0n, maxCents: 50_000n, isActive: true },
      { id: 'silver', name: 'Silver', minCents: 50_000n, maxCents: 200_000n, isActive: true },
      { id: 'gold', name: 'Gold', minCents: 200_000n, maxCents: null, isActive: true },
      { id: 'old', name: 'Old', minCents: 100_000n, maxCents: 150_000n, isActive: false },
    ];
    expect(tierForSpend(0n, tiers)?.id).toBe('basic');
    expect(tierForSpend(49_999n, tiers)?.id).toBe('basic');
    expect(tierForSpend(50_000n, tiers)?.id).toBe('silver');
    expect(tierForSpend(120_000n, tiers)?.id).toBe('silver');
    expect(tierForSpend(10n ** 12n, tiers)?.id).toBe('gold');
    const next = nextTier(42_565n, tiers);
    expect(next?.tier.name).toBe('Silver');
    expect(centsToDecimal(next?.centsToGo ?? 0n)).toBe('74.35');
    expect(nextTier(300_000n, tiers)).toBeNull();
  });
});
