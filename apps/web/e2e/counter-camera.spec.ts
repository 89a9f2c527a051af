import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import config from '../playwright.config';
import { E2E } from './env';
import { writeQrVideo } from './fake-camera';
import { screenshot } from './support';
import { registerActiveOwner, signInToWorkspace, tokenFor } from './users-support';

// The counter's Scan button against a camera: Chromium's fake camera plays a frame holding the member's QR.
// Debian's Chromium has no BarcodeDetector, so this runs the zxing-wasm fallback, its wasm from our origin.
test('Scan reads the QR on a card held to the camera and opens the member', async ({ baseURL }, testInfo) => {
  const owner = await registerActiveOwner();
  const token = await tokenFor(owner.email, owner.password as string);
  const res = await fetch(`${E2E.baseURL}/api/tenants/member`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ firstName: 'Kai', lastName: 'Lam' }),
  });
  expect(res.status).toBe(201);
  const member = (await res.json()) as { membershipCode: string };

  const video = join(testInfo.outputDir, 'card-qr.y4m');
  mkdirSync(testInfo.outputDir, { recursive: true });
  await writeQrVideo(member.membershipCode, video);
  const browser = await chromium.launch({
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['camera'], { origin: E2E.baseURL });
    const page = await context.newPage();
    await signInToWorkspace(page, owner.email, owner.password as string);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/counter');
    const wasm = page.waitForResponse((r) => r.url().endsWith('.wasm'));
    await page.getByRole('button', { name: 'Scan' }).click();
    // The decoder comes from this server, not a CDN (the machine is offline).
    expect(new URL((await wasm).url()).origin).toBe(E2E.baseURL);
    await expect(page.getByRole('region', { name: 'Kai Lam' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Scan' })).toBeVisible();
    await screenshot(page, 'counter-scanned');
  } finally {
    await browser.close();
  }
});
