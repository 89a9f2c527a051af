import { PASS_SETTINGS_DEFAULTS, passSettingsSchema, storeSettingsSchema } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { uploadImage } from '@/lib/upload-image';
import { useTenantId } from '@/lib/workspace-context';

/**
 * Images drawn for a business that has none yet: a logo from its initials and a strip and background from its
 * colour, drawn in the browser at the largest size each place shows them (the API re-encodes an upload and the
 * pass builder scales it down for each resolution) and uploaded like any chosen file, so they are the tenant's
 * own uploads and the spec's "images required" rule holds.
 */
export type BrandImage = 'logo' | 'strip' | 'storeBackground' | 'passBackground';

const SIZES: Record<BrandImage, [number, number]> = {
  logo: [512, 512],
  // Apple's strip at 3x (375 × 144 points).
  strip: [1125, 432],
  storeBackground: [1920, 1080],
  // Apple's background image at 3x (180 × 220 points).
  passBackground: [540, 660],
};

/** One or two letters: the first of the first two words, or the first two characters of a name without spaces. */
function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = (word: string) => Array.from(word)[0] ?? '';
  if (words.length === 1)
    return Array.from(words[0] as string)
      .slice(0, 2)
      .join('')
      .toUpperCase();
  return (first(words[0] as string) + first(words[1] as string)).toUpperCase();
}

/** A colour a little darker (amount < 0) or lighter, for the gradients. */
function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + Math.round(255 * amount)));
  return `#${[16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('')}`;
}

const HEX = /^#[0-9a-f]{6}$/i;

function draw(kind: BrandImage, name: string, bg: string, fg: string): Promise<Blob> {
  // A colour still being typed falls back to the card's default colours.
  const background = HEX.test(bg) ? bg : PASS_SETTINGS_DEFAULTS.backgroundColor;
  const foreground = HEX.test(fg) ? fg : PASS_SETTINGS_DEFAULTS.foregroundColor;
  const [width, height] = SIZES[kind];
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const g = canvas.getContext('2d');
  if (!g) return Promise.reject(new Error('No canvas')); // i18n-ignore: never shown (the offer says image.failed)
  const gradient = g.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, shade(background, 0.08));
  gradient.addColorStop(1, shade(background, -0.12));
  g.fillStyle = gradient;
  g.fillRect(0, 0, width, height);
  if (kind === 'logo') {
    g.fillStyle = foreground;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.font = `700 ${Math.round(height * 0.42)}px system-ui, "Noto Sans CJK TC", "PingFang TC", sans-serif`;
    g.fillText(initialsOf(name), width / 2, height / 2 + height * 0.02);
  } else {
    // Soft circles in the foreground colour: a pattern that reads as the brand without competing with text.
    g.globalAlpha = 0.08;
    g.fillStyle = foreground;
    for (const [x, y, r] of [
      [0.85, 0.2, 0.45],
      [0.1, 0.95, 0.35],
      [0.55, 0.75, 0.2],
    ] as const) {
      g.beginPath();
      g.arc(width * x, height * y, Math.max(width, height) * r, 0, Math.PI * 2);
      g.fill();
    }
  }
  return new Promise(
    (resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('No image'))), 'image/png'), // i18n-ignore: never shown
  );
}

/** Draws and uploads each image; answers their upload URLs by kind. */
export async function drawAndUpload(
  kinds: readonly BrandImage[],
  brand: { name: string; background: string; foreground: string },
): Promise<Record<BrandImage, string>> {
  const urls = {} as Record<BrandImage, string>;
  for (const kind of kinds) {
    const blob = await draw(kind, brand.name, brand.background, brand.foreground);
    urls[kind] = await uploadImage(new File([blob], `${kind}.png`, { type: 'image/png' }));
  }
  return urls;
}

/** What both branding screens know of each other: the saved logos, the store name and the card colours. */
type BrandBasics = {
  storeName: string;
  storeLogo: string;
  passLogo: string;
  background: string;
  foreground: string;
};

async function readOr404<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The other screen's saved logo (so one upload serves both) and the colours and name the drawings use; each
 * screen reads only the other's record (`other`), its own being in its form.
 */
export function useBrandBasics(other: 'store' | 'pass') {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['tenant', tenantId, 'brand-basics', other],
    queryFn: async ({ signal }): Promise<BrandBasics> => {
      const [store, pass] = await Promise.all([
        other === 'store'
          ? readOr404(() => api.get('/api/tenant/store-settings', { schema: storeSettingsSchema, signal }))
          : null,
        other === 'pass'
          ? readOr404(() => api.get('/api/tenant/pass-settings', { schema: passSettingsSchema, signal }))
          : null,
      ]);
      return {
        storeName: store?.text ?? '',
        storeLogo: store?.logoUrl ?? '',
        passLogo: pass?.logoUrl ?? '',
        background: pass?.backgroundColor ?? PASS_SETTINGS_DEFAULTS.backgroundColor,
        foreground: pass?.foregroundColor ?? PASS_SETTINGS_DEFAULTS.foregroundColor,
      };
    },
    staleTime: 0,
  });
}
