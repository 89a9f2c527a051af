import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Finite animations and transitions have ended (spinners loop forever and are left alone). */
export async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * axe-core on what is on screen: no serious or critical violation. `exclude` leaves out regions whose look is
 * the user's own content, such as the wallet card preview painted in the colours an admin picked.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = '', exclude: string[] = []) {
  // Colour contrast is measured as painted: a button still fading in from its disabled look (transition-all
  // from opacity 50 %) reads as low contrast.
  await animationsSettled(page);
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, label).toEqual([]);
}
