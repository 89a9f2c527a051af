import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { accounts, tenants, tenantUsers } from '../db/schema';
import { waitForAuthEmulator } from '../firebase/emulator-ready';
import { initialBusinessProfile } from '../modules/business';
import { seedDemoLoyalty } from './demo-loyalty';
import { seedDemoShowcase } from './demo-showcase';

const DEMO = {
  businessName: 'Demo Coffee Co.',
  industry: 'Hospitality & Tourism',
  firstName: 'Demo',
  lastName: 'Owner',
  phone: '+85291234567',
};

/**
 * Local development only: makes sure an active demo business exists, in the database and in the Auth
 * emulator alike (either may have been wiped on its own), and prints how to sign in.
 */
export async function seedDemo(app: FastifyInstance, config: Config) {
  const { db } = app.database;
  const auth = app.firebase.auth;
  if (config.firebase.emulatorHost) await waitForAuthEmulator(config.firebase.emulatorHost);
  const email = config.demo.email.toLowerCase();
  const [existing] = await db.select().from(accounts).where(eq(accounts.email, email)).limit(1);

  let uid = existing?.firebaseUid;
  const user = await auth.getUserByEmail(email).catch(() => undefined);
  if (!user) {
    const owner = {
      ...(uid ? { uid } : {}),
      email,
      password: config.demo.password,
      emailVerified: true,
      displayName: `${DEMO.firstName} ${DEMO.lastName}`,
    };
    // The demo phone may already belong to another account of the emulator (a demo owner under another
    // DEMO_EMAIL): the owner is then made without it rather than not at all.
    const created = await auth.createUser({ ...owner, phoneNumber: DEMO.phone }).catch((error: { code?: string }) => {
      if (error.code !== 'auth/phone-number-already-exists') throw error;
      return auth.createUser(owner);
    });
    uid = created.uid;
  } else {
    uid ??= user.uid;
  }

  if (!existing) {
    const tenantId = randomUUID();
    const accountId = randomUUID();
    await db.transaction(async (tx) => {
      await tx
        .insert(tenants)
        // Hong Kong and its time zone, from the owner's phone as registration sets them: the counter then reads
        // a phone typed in the national format, and "a day" is Hong Kong's.
        .values({
          id: tenantId,
          businessName: DEMO.businessName,
          industry: DEMO.industry,
          status: 'ACTIVE',
          ...initialBusinessProfile(DEMO.phone, 'en'),
        });
      await tx.insert(accounts).values({
        id: accountId,
        firebaseUid: uid,
        email,
        firstName: DEMO.firstName,
        lastName: DEMO.lastName,
        phone: DEMO.phone,
      });
      await tx.insert(tenantUsers).values({ id: randomUUID(), tenantId, accountId, role: 'owner', status: 'ACTIVE' });
    });
    // Only on first seed: a living programme for a newcomer to look at.
    await seedDemoLoyalty(db, tenantId);
    await seedDemoShowcase(app, tenantId);
  }

  const line = '─'.repeat(60);
  console.log(
    `\n${line}\n  Demo business: ${DEMO.businessName}\n  Sign in with   ${email}\n  Password       ${config.demo.password}\n${line}\n`,
  );
}
