import { contrast } from '@loyalty/contracts';

/**
 * The least contrast against the pass's background at which its texts still read. The pass's values are large
 * text, so WCAG's large-text minimum (3:1) holds for them; its labels are small captions, and the spec's own
 * default labels (#e9d5ff on #a855f7) measure 2.9:1 (docs/spec/data-screens.md §3), so the owner is warned only
 * where captions become unreadable, below 2.5:1, and the defaults pass.
 */
export const LEGIBLE = { foregroundColor: 3, labelColor: 2.5 } as const;

export type LegibilityPart = keyof typeof LEGIBLE;

/** The pass texts whose colour cannot be read on the background, each with its measured contrast. */
export function illegibleParts(colors: {
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
}): { part: LegibilityPart; ratio: number }[] {
  const found: { part: LegibilityPart; ratio: number }[] = [];
  for (const part of Object.keys(LEGIBLE) as LegibilityPart[]) {
    const ratio = contrast(colors.backgroundColor.trim(), colors[part].trim());
    if (ratio !== null && ratio < LEGIBLE[part]) found.push({ part, ratio: Math.floor(ratio * 10) / 10 });
  }
  return found;
}
