import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on what is on screen: no serious or critical violation. `exclude` leaves out regions whose look is
 * the user's own content, such as the wallet card preview painted in the colours an admin picked.
 */
export async function expectNoSeriousA11yViolations(page: Page, label = '', exclude: string[] = []) {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, label).toEqual([]);
}
