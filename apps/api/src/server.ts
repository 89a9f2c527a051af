import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { closeCustomerListener, startCustomerListener } from './lib/customer-listener';
import { announceServer, newBackupToken } from './modules/backup';
import { seedDemo } from './seed/demo';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Embedded PGlite: `npm run backup` asks this server for the database, with this secret (modules/backup).
  const backupToken = config.databaseUrl ? undefined : newBackupToken();
  const app = await buildApp(config, { serveWeb: true, backupToken });
  await app.database.migrate();
  app.log.info({ engine: app.database.engine }, 'database migrated');
  // Jobs left by a previous run (a crash included) start running again here.
  await app.jobs.start();
  if (config.seedDemo) await seedDemo(app, config);

  let withdraw = () => {};
  let customerListener: Awaited<ReturnType<typeof startCustomerListener>> | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    if (customerListener) await closeCustomerListener(customerListener);
    await app.close();
    withdraw();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // After listening: the note says a server holds the data folder and where to ask it for a backup.
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  withdraw = backupToken ? announceServer(config.dataDir, { port, token: backupToken }) : () => {};
  if (config.customerListen) {
    // Phones on the network reach the customer pages here; the admin API stays on HOST (docs/configuration.md).
    customerListener = await startCustomerListener(app, config.customerListen, config.firebase.emulatorHost);
    const { host, port: customerPort } = config.customerListen;
    app.log.info({ host, port: customerPort }, 'customer pages listening');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
