import { describe, expect, it } from 'vitest';
import { defaultSlug } from './default-slug';

const tenantId = '00b2540e-1111-4222-8333-444455556666';

describe('the join address proposed from the business name', () => {
  it('reads a Chinese name by its pinyin, Traditional or Simplified, mixed with Latin letters', () => {
    expect(defaultSlug('黃記茶餐廳', tenantId)).toBe('huang-ji-cha-can-ting');
    expect(defaultSlug('黄记茶餐厅', tenantId)).toBe('huang-ji-cha-can-ting');
    expect(defaultSlug('海港咖啡', tenantId)).toBe('hai-gang-ka-fei');
    expect(defaultSlug('Café 美玲', tenantId)).toBe('cafe-mei-ling');
  });

  it('keeps Latin names as they were and falls back to shop-<id> only when nothing readable is left', () => {
    expect(defaultSlug('Blue Bottle Bakery', tenantId)).toBe('blue-bottle-bakery');
    expect(defaultSlug('★★', tenantId)).toBe('shop-00b2540e');
  });

  it('stays within 40 characters, never ending on a hyphen', () => {
    const slug = defaultSlug('香港九龍旺角彌敦道老字號茶餐廳與麵包西餅店', tenantId);
    expect(slug.length).toBeLessThanOrEqual(40);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
