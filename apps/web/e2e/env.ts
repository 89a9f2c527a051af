/** Where the browser suite's own server and emulator listen; apart from `npm start`'s defaults. */
const port = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  port,
  emulatorPort: Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9399),
  // Per port, so two suites started on different ports never share data.
  dataDir: `.test-data/e2e-${port}`,
  baseURL: `http://localhost:${port}`,
  projectId: 'demo-loyalty-portal',
  demo: { email: 'owner@demo.loyalty.test', password: 'demo-password' },
};
export const emulatorBase = `http://127.0.0.1:${E2E.emulatorPort}`;
