import { addCatalogPart } from '@/lib/i18n/i18n';
import enCustomer from '@/locales/en.json?lingui=customer';

/**
 * The customer pages' texts (build/lingui-catalog.ts: a part of their own, not in the sign-in screen's): English
 * in this entry's first chunk, the other languages fetched with the language.
 */
export function addCustomerTexts(): Promise<void> {
  return addCatalogPart('customer', enCustomer, {
    en: async () => ({ default: enCustomer }),
    'zh-Hant': () => import('@/locales/zh-Hant.json?lingui=customer'),
    'zh-Hans': () => import('@/locales/zh-Hans.json?lingui=customer'),
  });
}
