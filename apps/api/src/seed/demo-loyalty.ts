import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import {
  memberCodeCounters,
  members,
  membershipTiers,
  pointsConversionSettings,
  pointsLedger,
  pointsLots,
} from '../db/schema';
import {
  centsToDecimal,
  expiryFor,
  type Lot,
  pointsEarned,
  type Rates,
  redeemValueCents,
  spendableBalance,
  type TierRange,
  takeFromLots,
  tierForSpend,
} from '../modules/points';

const FIRST = [
  'Ava',
  'Ben',
  'Chloe',
  'Daniel',
  'Emma',
  'Felix',
  'Grace',
  'Henry',
  'Isla',
  'Jack',
  'Kai',
  'Lily',
  'Mason',
  'Nora',
  'Oscar',
  'Priya',
  'Quinn',
  'Ruby',
  'Sam',
  'Tara',
  'Umar',
  'Vera',
  'Wei',
  'Yuki',
  'Zoe',
];
const LAST = [
  'Chan',
  'Wong',
  'Smith',
  'Garcia',
  'Lee',
  'Patel',
  'Kim',
  'Nguyen',
  'Brown',
  'Silva',
  'Cohen',
  'Tanaka',
  'Müller',
  'Rossi',
  'Dubois',
  'Ho',
];
const DAY = 86_400_000;
const MEMBER_COUNT = 200;

/** A small deterministic generator: the demo looks the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function insertInBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * The demo business's programme on first seed: three tiers, points settings, and about 200 members with a
 * few months of purchases and redemptions, computed with the engine itself and written in a few batched
 * inserts, so a newcomer sees a living programme without slowing `npm start`.
 */
export async function seedDemoLoyalty(db: Database, tenantId: string) {
  const rand = random(20250101);
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)] as T;
  const now = Date.now();

  const tierRows = [
    { name: 'Basic', color: '#64748b', min: '0', max: '500', benefits: ['Earn 10 points per $1'] },
    { name: 'Silver', color: '#94a3b8', min: '500', max: '2000', benefits: ['5% off every visit', 'Birthday drink'] },
    {
      name: 'Gold',
      color: '#eab308',
      min: '2000',
      max: null,
      benefits: ['10% off every visit', 'Free upsize', 'Early access'],
    },
  ].map((t, i) => ({
    id: randomUUID(),
    tenantId,
    name: t.name,
    description: `${t.name} members`,
    color: t.color,
    minSpendAmount: t.min,
    maxSpendAmount: t.max,
    discountPercentage: String(i * 5),
    benefits: t.benefits,
    sortOrder: i,
    isActive: true,
  }));
  const tiers: TierRange[] = tierRows.map((t) => ({
    id: t.id,
    name: t.name,
    isActive: true,
    minCents: BigInt(t.minSpendAmount) * 100n,
    maxCents: t.maxSpendAmount === null ? null : BigInt(t.maxSpendAmount) * 100n,
  }));
  const rates: Rates = {
    earnRateAmountCents: 100n,
    earnRatePoints: 10,
    redeemRatePoints: 100,
    redeemRateAmountCents: 100n,
    minimumRedemption: 100,
    maximumRedemption: 10000,
    expiryType: 'DAYS',
    pointsExpiryDays: 365,
    pointsExpiryDate: null,
    isActive: true,
  };

  const memberRows: (typeof members.$inferInsert)[] = [];
  const ledgerRows: (typeof pointsLedger.$inferInsert)[] = [];
  const lotRows: (typeof pointsLots.$inferInsert & { expiresAt: Date | null })[] = [];
  for (let n = 1; n <= MEMBER_COUNT; n++) {
    const id = randomUUID();
    const firstName = pick(FIRST);
    const lastName = pick(LAST);
    const createdAt = new Date(now - Math.floor(rand() * 150 * DAY) - DAY);
    const lots: (Lot & { row: (typeof lotRows)[number] })[] = [];
    let spend = 0n;
    let balance = 0;
    const visits = Math.floor(rand() * 14);
    const times = Array.from(
      { length: visits },
      () => createdAt.getTime() + rand() * (now - createdAt.getTime()),
    ).sort();
    for (const t of times) {
      const at = new Date(t);
      if (balance >= 300 && rand() < 0.25) {
        const points = Math.min(balance, 100 * (1 + Math.floor(rand() * 5)));
        const takes = takeFromLots(lots, points, at);
        if (takes) {
          for (const take of takes) {
            const lot = lots.find((l) => l.id === take.id);
            if (lot) lot.remaining -= take.points;
          }
          balance -= points;
          ledgerRows.push({
            id: randomUUID(),
            tenantId,
            memberId: id,
            type: 'REDEEM',
            points: -points,
            amount: centsToDecimal(redeemValueCents(points, rates)),
            createdAt: at,
          });
          continue;
        }
      }
      const cents = BigInt(500 + Math.floor(rand() * 14_500));
      const earned = pointsEarned(cents, rates);
      const ledgerId = randomUUID();
      spend += cents;
      balance += earned;
      ledgerRows.push({
        id: ledgerId,
        tenantId,
        memberId: id,
        type: 'PURCHASE',
        points: earned,
        amount: centsToDecimal(cents),
        createdAt: at,
      });
      const row = {
        id: randomUUID(),
        tenantId,
        memberId: id,
        ledgerId,
        points: earned,
        remaining: earned,
        expiresAt: expiryFor(rates, at),
        createdAt: at,
      };
      lotRows.push(row);
      lots.push({ id: row.id, points: earned, remaining: earned, expiresAt: row.expiresAt, row });
    }
    for (const lot of lots) lot.row.remaining = lot.remaining;
    memberRows.push({
      id,
      tenantId,
      firstName,
      lastName,
      email:
        rand() < 0.85
          ? `${firstName}.${lastName}.${n}@example.com`
              .toLowerCase()
              .normalize('NFD')
              .replace(/[^\x20-\x7e]/g, '')
          : null,
      phone: `+8526${String(1_000_000 + n * 37).padStart(7, '0')}`,
      membershipCode: `M${String(n).padStart(6, '0')}`,
      tierId: tierForSpend(spend, tiers)?.id ?? null,
      lifetimeSpend: centsToDecimal(spend),
      pointsBalance: spendableBalance(lots, new Date(now)),
      status: rand() < 0.94 ? 'active' : 'inactive',
      createdAt,
      updatedAt: createdAt,
    });
  }

  await db.transaction(async (tx) => {
    await tx.insert(membershipTiers).values(tierRows);
    await tx.insert(pointsConversionSettings).values({
      tenantId,
      earnRateAmount: '1.00',
      earnRatePoints: 10,
      redeemRatePoints: 100,
      redeemRateAmount: '1.00',
      minimumRedemption: 100,
      maximumRedemption: 10000,
      expiryType: 'DAYS',
      pointsExpiryDays: 365,
      isActive: true,
      description: 'Earn 10 points for every $1; 100 points are worth $1. Points expire after a year.',
    });
    await insertInBatches(memberRows, 200, (batch) => tx.insert(members).values(batch));
    await insertInBatches(ledgerRows, 500, (batch) => tx.insert(pointsLedger).values(batch));
    await insertInBatches(lotRows, 500, (batch) => tx.insert(pointsLots).values(batch));
    await tx.insert(memberCodeCounters).values({ tenantId, lastValue: MEMBER_COUNT });
  });
}
