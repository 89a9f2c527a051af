/** Where the browser suite's own server and emulator listen; apart from `npm start`'s defaults. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3100),
  emulatorPort: Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9399),
  dataDir: '.test-data/e2e',
  baseURL: `http://localhost:${Number(process.env.E2E_PORT ?? 3100)}`,
  projectId: 'demo-loyalty-portal',
  demo: { email: 'owner@demo.loyalty.test', password: 'demo-password' },
};
export const emulatorBase = `http://127.0.0.1:${E2E.emulatorPort}`;
