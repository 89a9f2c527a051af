#!/usr/bin/env node
// Playwright cannot download its own browsers here; the suite drives Debian's Chromium: its headless shell (the
// same Blink without the browser's window layer, what Playwright itself runs headless: about a tenth less CPU per
// journey, docs/capacity.md), and the full browser for the benchmarks. Install them when missing and we are
// allowed to (root, and INSTALL_CHROMIUM is not "false"), with a CJK font so the Chinese screens' screenshots
// show characters rather than empty boxes.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const cjkFont = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';
if (existsSync(path) && existsSync(cjkFont)) process.exit(0);

const allowed = process.env.INSTALL_CHROMIUM !== 'false' && process.getuid?.() === 0;
if (existsSync(path) && !allowed) process.exit(0); // only the font is missing: screenshots suffer, tests do not
if (!allowed) {
  console.error(
    `Chromium is missing at ${path}. Install it (apt-get install -y chromium-headless-shell) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log('[test] installing Chromium and a CJK font from Debian packages…');
const quiet = { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
execSync('apt-get update -qq', quiet);
execSync('apt-get install -y -qq chromium chromium-headless-shell fonts-wqy-microhei', quiet);
if (!existsSync(path)) {
  console.error(`Chromium still missing at ${path} after installing.`);
  process.exit(1);
}
