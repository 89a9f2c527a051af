import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle } from './db/client';
import { createFirebaseAdmin } from './firebase/admin';
import { jobsPlugin } from './jobs/plugin';
import { auditListener } from './lib/audit';
import { type ChangeFeed, cardListener, changeFeed } from './lib/changes';
import { requestForLog } from './lib/log-safety';
import { apiKeysRoutes, createApiKeyVerifier } from './modules/api-keys';
import { auditRoutes } from './modules/audit';
import { automationJobs, automationsRoutes } from './modules/automations';
import { backupRoutes } from './modules/backup';
import { branchesRoutes } from './modules/branches';
import { businessRoutes } from './modules/business';
import { dashboardRoutes } from './modules/dashboard';
import { enrolmentRoutes, joinPageRoutes } from './modules/enrolment';
import { healthRoutes } from './modules/health';
import { identityRoutes } from './modules/identity';
import { insightsJobs, insightsRoutes } from './modules/insights';
import { createLedger, type Ledger, ledgerRoutes } from './modules/ledger';
import { legalRoutes } from './modules/legal';
import { createLiveBus, type LiveBus, liveListener, liveRoutes } from './modules/live';
import { memberImportRoutes } from './modules/member-import';
import { memberExportRoutes, membersRoutes } from './modules/members';
import { membershipsRoutes } from './modules/memberships';
import { businessNameOf, messageJobs, messagesRoutes, segmentsRoutes } from './modules/messages';
import { onboardingRoutes } from './modules/onboarding';
import { passSettingsRoutes } from './modules/pass-settings';
import { pointsConversionRoutes } from './modules/points-conversion';
import { privacyPublicRoutes, privacyRoutes } from './modules/privacy';
import { profileRoutes } from './modules/profile';
import { promotionsRoutes } from './modules/promotions';
import { reportsRoutes } from './modules/reports';
import { rewardsRoutes } from './modules/rewards';
import { setupRoutes } from './modules/setup';
import { stampCardRoutes, stampStripRoutes } from './modules/stamp-card';
import { storeSettingsRoutes } from './modules/store-settings';
import { expiryNoticeListener, scheduledJobs, tierPolicyRoutes, tierReplaceJobs } from './modules/tier-review';
import { uploadsRoutes } from './modules/uploads';
import { usersRoutes } from './modules/users';
import { googleWalletRoutes, googleWalletServicePlugin, walletRoutes, walletServicePlugin } from './modules/wallet';
import { webhookJobs, webhooksRoutes } from './modules/webhooks';
import { accessPlugin } from './plugins/access';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { diskScrubListener, diskScrubPlugin } from './plugins/disk-scrub';
import { errorHandlerPlugin } from './plugins/error-handler';
import { notFoundPlugin } from './plugins/not-found';
import { openapiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityPlugin } from './plugins/security';
import { storagePlugin } from './plugins/storage';
import { tenantPlugin } from './plugins/tenant';
import { webStaticPlugin } from './plugins/web-static';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Where member and points writes tell what changed (its listeners are listed in buildApp). */
    changes: ChangeFeed;
    /** The one writer of points (modules/ledger). */
    ledger: Ledger;
    /** Change events for open screens (modules/live). */
    live: LiveBus;
  }
}

type BuildOptions = {
  database?: DatabaseHandle;
  serveWeb?: boolean;
  /** The secret of `npm run backup`'s call to this server (embedded PGlite; server.ts writes it to DATA_DIR). */
  backupToken?: string;
  /** Where the JSON log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
  /** The message send job's batch size, run length and Google pace (tests make them small). */
  messages?: { batchSize?: number; runSeconds?: number; googlePerSecond?: number };
};

/** The whole API as a Fastify instance: server.ts listens with it, tests call inject() on it. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestForLog },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.env === 'development'
          ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
          : {}),
    },
    // One line per request (below), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // A slow or stalled client cannot hold a connection forever (0, Node's default, means never).
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const firebase = createFirebaseAdmin(config);
  app.decorate('database', database);
  // The request hooks below are plain callbacks, not async functions: they await nothing, and on a small
  // read every promise Fastify settles between hooks shows in the throughput.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { req: request, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
    done();
  });
  app.addHook('onClose', async () => {
    await firebase.close();
    if (!options.database) await database.close();
  });

  await app.register(errorHandlerPlugin);
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(openapiPlugin);
  await app.register(authPlugin, { firebase, apiKeys: createApiKeyVerifier(database.db, app.log) });
  await app.register(tenantPlugin, { db: database.db });
  await app.register(accessPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(storagePlugin, { config: config.storage });
  await app.register(jobsPlugin, { config });
  await app.register(diskScrubPlugin, { config });

  // Who hears a change. Every write of members and points publishes typed events on this feed (lib/changes.ts;
  // the ledger, modules/ledger, is the one writer of points), and every other write the trail or open screens
  // hear (settings, users, keys, rewards, messages…) a record.changed; these listeners hear them in the change's
  // transaction, all at once, so what they write and enqueue commits or vanishes with the change. A purchase
  // (entry.recorded) reaches the trail, the wallets, the webhooks, the automations and open screens; a reward
  // redeemed (reward.redeemed with its REDEEM entry) the same; a settings save (record.changed) the trail and open
  // screens, and the wallets too when every card shows it (cards.changed).
  await app.register(walletServicePlugin, { config });
  await app.register(googleWalletServicePlugin, { config });
  const webhooks = webhookJobs(app.db, app.jobs, config.webhooks, { codeDropped: (tx) => app.diskScrub.request(tx) });
  // Messages to cardholders (the business's, and the app's own notices such as the expiry warning): the send job
  // tells the feed when a message is out, so it reaches the feed by name (the feed is made just below).
  const messages = messageJobs({
    db: app.db,
    jobs: app.jobs,
    changes: { publish: (tx, tenantId, events) => changes.publish(tx, tenantId, events) },
    pushTokens: (tenantId, tokens) => app.wallet.jobs.pushTokens(tenantId, tokens),
    ...(app.googleWallet.cards ? { addGoogleMessage: app.googleWallet.addMessage } : {}),
    businessName: (tenantId) => businessNameOf(app.db, tenantId),
    ...options.messages,
  });
  // A tier created, changed or deleted re-places every member under the tier policy (modules/tier-review), by a
  // job that publishes its moves on the feed (made just below), so it too reaches the feed by name.
  const tierReplace = tierReplaceJobs(
    { db: app.db, feed: { publish: (tx, tenantId, events) => changes.publish(tx, tenantId, events) } },
    app.jobs,
  );
  // Automations (docs/design.md §10): a job per write that may fire one, and the daily run; they write points through
  // the ledger and tell the feed, both made just below, so they reach them by name.
  const automations = automationJobs(
    {
      db: app.db,
      jobs: app.jobs,
      send: messages.send,
      ledger: {
        apply: (tx, command) => app.ledger.apply(tx, command),
        run: (db, command) => app.ledger.run(db, command),
      },
      feed: () => changes,
    },
    config.scheduledWork,
  );
  app.decorate('automations', automations);
  // Insights: a change of the business's time zone recomputes its daily figures in the new one, by a job.
  const insights = insightsJobs({ db: app.db }, app.jobs);
  const changes = changeFeed([
    // The audit trail: each ledger entry a person recorded, and each record changed with an audit event (a
    // settings save, a user, a key, a reward redeemed), as the person who did it.
    auditListener,
    // Apple Wallet: the member's pass (or every pass of the tenant) bumped and its devices pushed.
    cardListener(app.wallet.cards),
    // Google Wallet: the member's object (or the tenant's) synced, with a real issuer only.
    ...(app.googleWallet.cards ? [cardListener(app.googleWallet.cards)] : []),
    // Webhooks: a delivery for each endpoint that asked for the event's type.
    webhooks.listener,
    // The expiry warning as a message to the member, in their language, through the messages queue.
    expiryNoticeListener(app.jobs, messages.send),
    // Erasure: the embedded database's files scrubbed of the person soon after (plugins/disk-scrub.ts).
    diskScrubListener((tx) => app.diskScrub.request(tx)),
    // The tier job, enqueued with the tier write that calls for it.
    tierReplace.listener,
    // Automations: the job of each one the write may fire (welcome, near a reward, a friend's first purchase).
    automations.listener,
    insights.listener,
    // Open screens: the admin's lists and figures, and the card page of each member touched, and the screens of
    // each record changed (settings, users, keys, rewards…), announced in the transaction so only after commit.
    ...(config.liveMaxConnections > 0 ? [liveListener] : []),
  ]);
  app.decorate('changes', changes);
  app.decorate('ledger', createLedger(changes));
  app.decorate(
    'live',
    createLiveBus(database, {
      maxSubscribers: config.liveMaxConnections,
      perAccount: config.liveStreamsPerAccount,
      perPhone: config.liveStreamsPerPhone,
    }),
  );
  app.addHook('preClose', (done) => {
    app.live.endAll();
    done();
  });
  // On the clock: lapsed points written off, expiry warnings, the daily tier review (modules/tier-review).
  if (config.scheduledWork) scheduledJobs({ db: app.db, feed: changes, ledger: app.ledger }, app.jobs);

  await app.register(healthRoutes, { config, database });
  await app.register(identityRoutes);
  await app.register(onboardingRoutes);
  await app.register(profileRoutes);
  await app.register(usersRoutes);
  await app.register(membersRoutes);
  await app.register(ledgerRoutes);
  await app.register(rewardsRoutes);
  await app.register(stampCardRoutes);
  await app.register(stampStripRoutes);
  await app.register(promotionsRoutes);
  await app.register(branchesRoutes);
  await app.register(memberExportRoutes);
  await app.register(memberImportRoutes);
  await app.register(auditRoutes);
  await app.register(reportsRoutes);
  await app.register(insightsRoutes);
  await app.register(businessRoutes);
  await app.register(setupRoutes);
  await app.register(liveRoutes);
  await app.register(dashboardRoutes);
  await app.register(passSettingsRoutes);
  await app.register(pointsConversionRoutes);
  await app.register(storeSettingsRoutes);
  await app.register(uploadsRoutes, { maxBytes: config.uploadMaxBytes });
  await app.register(membershipsRoutes);
  await app.register(tierPolicyRoutes);
  await app.register(walletRoutes, { config });
  await app.register(googleWalletRoutes);
  // After the wallet: the card's pass link serves the wallet's pass builder.
  await app.register(enrolmentRoutes, { config });
  // The customer's own data on the card page (export, consent, erasure) and the admin's export.
  await app.register(privacyPublicRoutes, { config: config.enrolment });
  await app.register(privacyRoutes);
  await app.register(apiKeysRoutes);
  await app.register(webhooksRoutes, { config, deliver: webhooks.deliver });
  await app.register(segmentsRoutes);
  await app.register(messagesRoutes, { send: messages.send });
  await app.register(automationsRoutes);

  // The registration screen's Terms and Privacy links: pages of their own, before the web app's page fallback.
  await app.register(legalRoutes, config.legal);
  if (options.backupToken && database.dumpDataDir) await app.register(backupRoutes, { token: options.backupToken });
  if (options.serveWeb) {
    await app.register(webStaticPlugin, { root: config.webDistDir });
    // /join/<slug> painted by the server (the built customer.html and its texts): before the page fallback.
    await app.register(joinPageRoutes, { root: config.webDistDir, config: config.enrolment });
  }
  await app.register(notFoundPlugin);
  return app;
}
