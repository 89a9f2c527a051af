import { activeLocale } from './i18n';

/**
 * A tier's or reward's name in the active language: its Traditional Chinese name in zh-Hant and its Simplified one
 * in zh-Hans when it has them, else the name as typed. A zh-Hans reader given only the Traditional name reads
 * that rather than the English one (zh-Hans → zh-Hant → en: Chinese in either script before another language).
 */
export function localizedName(name: string, nameZh?: string | null, nameCn?: string | null): string {
  const locale = activeLocale();
  if (locale === 'zh-Hant' && nameZh?.trim()) return nameZh;
  if (locale === 'zh-Hans' && nameCn?.trim()) return nameCn;
  if (locale === 'zh-Hans' && nameZh?.trim()) return nameZh;
  return name;
}
