#!/usr/bin/env node
// Playwright cannot download its own browsers here; the suite drives Debian's Chromium. Install it when it is
// missing and we are allowed to (root, and INSTALL_CHROMIUM is not "false").
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const allowed = process.env.INSTALL_CHROMIUM !== 'false' && process.getuid?.() === 0;
if (!allowed) {
  console.error(`Chromium is missing at ${path}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
console.log('[test] installing Chromium from Debian packages…');
const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
execSync('apt-get update -qq', quiet);
execSync('apt-get install -y -qq chromium', quiet);
if (!existsSync(path)) {
  console.error(`Chromium still missing at ${path} after installing.`);
  process.exit(1);
}
