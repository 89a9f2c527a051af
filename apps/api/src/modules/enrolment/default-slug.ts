import { SLUG_PATTERN } from '@loyalty/contracts';
import { pinyin } from 'pinyin-pro';

const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

/** Chinese characters as their toneless pinyin syllables, one word each; other text as it is. */
function romanised(name: string): string {
  if (!HAN.test(name)) return name;
  return pinyin(name, { toneType: 'none', type: 'array', nonZh: 'consecutive' }).join(' ');
}

/**
 * The slug a tenant starts with: its store or business name in lowercase ASCII letters and digits joined by
 * hyphens, a Chinese name by its pinyin (黃記茶餐廳 → `huang-ji-cha-can-ting`), or `shop-<first 8 of the tenant
 * id>` when the name still gives fewer than 3 such characters. The admin sees it before saving and may change it.
 */
export function defaultSlug(name: string, tenantId: string): string {
  const ascii = romanised(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  if (SLUG_PATTERN.test(ascii)) return ascii;
  return `shop-${tenantId
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase()}`;
}
