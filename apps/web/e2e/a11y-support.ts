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
  // label-content-name-mismatch is off in axe by default (experimental): a control whose name omits the words it
  // shows cannot be operated by voice ("click Drag and drop"), so it is checked here too.
  // Only violations are read: axe then keeps one node of each passed or inapplicable rule instead of all of them,
  // which was most of each run's time on the larger screens.
  let builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  for (const selector of exclude) builder = builder.exclude(selector);
  // Transitions end at once while axe measures: a button enabled by data arriving meanwhile (the dashboard's
  // download, once the business's time zone is known) faded in from its disabled look and read as low contrast.
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  const { violations } = await builder
    .analyze()
    .finally(() => still.evaluate((tag) => tag.parentNode?.removeChild(tag)));
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
  expect(serious, label).toEqual([]);
}

/** WCAG contrast of two CSS colours as painted (rgb/rgba over an opaque backdrop). */
function ratio(fg: number[], bg: number[]): number {
  const lum = ([r, g, b]: number[]) =>
    [r, g, b]
      .map((v) => (v ?? 0) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
      .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [a, b] = [lum(fg), lum(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * The focused element's focus ring (its box-shadow ring, painted over the page's background) against that
 * background: WCAG 2.2's focus appearance asks 3:1.
 */
export async function focusRingContrast(page: Page): Promise<number> {
  const { ring, backdrop } = await page.evaluate(() => {
    // Computed colours may stay in oklch; a canvas paints any CSS colour back as sRGB bytes.
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgba = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = canvas.getImageData(0, 0, 1, 1).data;
      return [r ?? 0, g ?? 0, b ?? 0, (a ?? 255) / 255];
    };
    const el = document.activeElement as HTMLElement;
    // A ring is a shadow with no offset and no blur but a spread: "<colour> 0px 0px 0px 3px".
    const shadows = [...getComputedStyle(el).boxShadow.matchAll(/([a-z]+\([^)]*\)) 0px 0px 0px (\d+(?:\.\d+)?)px/g)];
    const ring = shadows.map((m) => rgba(m[1] ?? '')).find((c) => (c[3] ?? 0) > 0) ?? [0, 0, 0, 0];
    let node: HTMLElement | null = el.parentElement;
    let backdrop = [255, 255, 255, 1];
    while (node) {
      const bg = rgba(getComputedStyle(node).backgroundColor);
      if ((bg[3] ?? 0) === 1) {
        backdrop = bg;
        break;
      }
      node = node.parentElement;
    }
    return { ring, backdrop };
  });
  const alpha = ring[3] ?? 0;
  const painted = [0, 1, 2].map((i) => (ring[i] ?? 0) * alpha + (backdrop[i] ?? 255) * (1 - alpha));
  return ratio(painted, backdrop);
}
