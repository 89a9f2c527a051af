/**
 * The tenant's pass colours (#rrggbb) as the customer pages use them: the background as chosen, and text on it
 * in the tenant's colour when that is readable (WCAG AA, 4.5:1 for normal text), else in black or white,
 * whichever reads better. A pass on a lock screen may be as the business likes; a form a customer must read
 * and fill in may not be unreadable.
 */
const AA = 4.5;
const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

/** WCAG relative luminance, or null for anything but #rrggbb. */
export function luminance(color: string): number | null {
  const match = HEX.exec(color.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((h) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number | null {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return null;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** `text` on `background` when readable, else black or white (the better of the two). */
export function readableOn(background: string, text: string): string {
  const ratio = contrast(background, text);
  if (ratio === null || ratio >= AA) return text;
  return (contrast(background, '#000000') ?? 0) >= (contrast(background, '#ffffff') ?? 0) ? '#000000' : '#ffffff';
}
