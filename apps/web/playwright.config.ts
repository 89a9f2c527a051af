import { defineConfig } from '@playwright/test';
import { E2E } from './e2e/env';

// The browser suite runs the real product: `scripts/start.mjs` (Auth emulator + API serving the built web
// app) on ports of its own and a fresh data folder, driven in Debian's Chromium headless shell (Playwright cannot
// download browsers here; scripts/ensure-chromium.mjs installs it).
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../.test-data/playwright-results',
  fullyParallel: true,
  workers: 2,
  // One retry on CI only; a test that passes on retry is still listed as flaky in the report.
  retries: process.env.CI ? 1 : 0,
  // Two minutes a journey: on CI's two cores the longer journeys (settings saved and read back, the members
  // journey with its six axe runs) took 52–56 s on 29 Nov, at the edge of one minute without being at fault.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E.baseURL,
    headless: true,
    screenshot: 'only-on-failure',
    // A trace on the retry only: recording one on every journey (to keep it when it fails) cost about a sixth
    // of each journey's time (docs/capacity.md); a failure on CI is retried with its trace. Locally: --trace on.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: `rm -rf ${E2E.dataDir} && node scripts/start.mjs`,
    cwd: '../..',
    url: `${E2E.baseURL}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    // start.mjs stops the emulator's whole process group on SIGTERM; a plain kill would leave it listening.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: {
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      AUTH_EMULATOR_PORT: String(E2E.emulatorPort),
      LOG_LEVEL: 'warn',
      // A suite of its own may build and serve its own copy of the web app (parallel local runs).
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
    },
  },
});
