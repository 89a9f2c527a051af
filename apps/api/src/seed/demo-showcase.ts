import { createMemberSchema, rewardBodySchema } from '@loyalty/contracts';
import type { FastifyInstance } from 'fastify';
import type { RecordChange } from '../lib/changes';
import { addMember } from '../modules/members';
import { saveReward } from '../modules/rewards';

/**
 * The demo's people a newcomer tries first at the counter: each typed in the national format of Hong Kong
 * (`9123 0001`), each with a few purchases and one with a redemption, all through the services and the ledger
 * a real counter uses (docs/design.md §4), so their passes, figures and activity are the real thing.
 */
export const SHOWCASE_MEMBERS = [
  { firstName: 'Mei Ling', lastName: 'Chan', phone: '+85291230001', purchases: [128.5, 64, 212.8], redeem: 200 },
  { firstName: 'Ka Ho', lastName: 'Wong', phone: '+85291230002', purchases: [45, 38.5] },
  { firstName: 'Siu Fan', lastName: 'Lee', phone: '+85291230003', purchases: [310, 99.9, 56, 72.4] },
] as const;

/** The seed is nobody's act at a screen: it leaves no event in the activity log. */
const noRecord: RecordChange = async () => {};

/** A reward to claim and three members with history, written once, on the demo business's first seed. */
export async function seedDemoShowcase(app: FastifyInstance, tenantId: string) {
  await saveReward(
    app.database.db,
    tenantId,
    rewardBodySchema.parse({
      name: 'Free coffee',
      nameZh: '免費咖啡',
      nameCn: '免费咖啡',
      description: 'Any regular coffee',
      kind: 'FREE_ITEM',
      pointsCost: 300,
    }),
    noRecord,
  );
  for (const person of SHOWCASE_MEMBERS) {
    const { firstName, lastName, phone } = person;
    const member = await addMember(
      app.database.db,
      app.changes,
      tenantId,
      createMemberSchema.parse({ firstName, lastName, phone }),
      noRecord,
    );
    const by = { tenantId, memberId: member.userId, accountId: null, recordedBy: null };
    for (const amount of person.purchases) await app.ledger.run(app.database.db, { ...by, type: 'purchase', amount });
    if ('redeem' in person) await app.ledger.run(app.database.db, { ...by, type: 'redemption', points: person.redeem });
  }
}
