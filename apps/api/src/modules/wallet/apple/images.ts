import sharp from 'sharp';
import { FILES_PREFIX } from '../../../lib/own-upload';
import type { StorageDriver } from '../../../storage';

/** Apple's point sizes for a storeCard's images; @2x and @3x are made from the same source. */
const IMAGE_SIZES = {
  icon: { width: 29, height: 29, fit: 'cover' },
  logo: { width: 160, height: 50, fit: 'inside' },
  strip: { width: 375, height: 123, fit: 'cover' },
} as const;

type ImageRole = keyof typeof IMAGE_SIZES;
const SCALES = [1, 2, 3] as const;
const fileName = (role: ImageRole, scale: number) => (scale === 1 ? `${role}.png` : `${role}@${scale}x.png`);

/** The storage key of one of the tenant's own uploads, or null for anything else (never read). */
function ownKey(tenantId: string, url: string): string | null {
  if (!url.startsWith(FILES_PREFIX)) return null;
  const key = url.slice(FILES_PREFIX.length);
  return key.startsWith(`${tenantId}/`) && !key.includes('..') ? key : null;
}

/**
 * The pass's image files, resized with sharp from the tenant's uploads and kept: uploads are never changed in
 * place (each has a random name), so a key's resized set is good forever. The cache holds the most recent
 * sets only, so a server issuing passes for many tenants stays flat in memory.
 */
export function createPassImages(storage: StorageDriver, maxEntries = 200) {
  const cache = new Map<string, Promise<Record<string, Buffer>>>();

  async function render(source: Buffer | null, role: ImageRole, background: string): Promise<Record<string, Buffer>> {
    const size = IMAGE_SIZES[role];
    const files: Record<string, Buffer> = {};
    for (const scale of SCALES) {
      const width = size.width * scale;
      const height = size.height * scale;
      const image = source
        ? sharp(source).resize({ width, height, fit: size.fit, withoutEnlargement: false })
        : sharp({ create: { width, height, channels: 4, background } });
      files[fileName(role, scale)] = await image.png({ compressionLevel: 9 }).toBuffer();
    }
    return files;
  }

  async function load(tenantId: string, url: string, role: ImageRole, background: string) {
    const key = url ? ownKey(tenantId, url) : null;
    const object = key ? await storage.get(key) : null;
    // A missing or foreign image falls back to a plain tile in the card's colour, never to a broken pass.
    return render(object?.body ?? null, role, background);
  }

  return {
    /** The three sizes of one image role; `url` empty or not the tenant's own gives a plain tile. */
    get(tenantId: string, url: string, role: ImageRole, background: string): Promise<Record<string, Buffer>> {
      const cacheKey = `${tenantId}\u0000${url}\u0000${role}\u0000${background}`;
      let entry = cache.get(cacheKey);
      if (entry) {
        // Most recently used last: Map keeps insertion order, so the first key is the one to drop.
        cache.delete(cacheKey);
        cache.set(cacheKey, entry);
        return entry;
      }
      entry = load(tenantId, url, role, background);
      entry.catch(() => cache.delete(cacheKey));
      cache.set(cacheKey, entry);
      if (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
      return entry;
    },
  };
}

export type PassImages = ReturnType<typeof createPassImages>;
