import { activeLocale } from './i18n';

/**
 * A tier's name in the active language: its Traditional Chinese name in zh-Hant and its Simplified one in zh-Hans
 * when the tier has them, else the name as typed.
 */
export function localizedName(name: string, nameZh?: string | null, nameCn?: string | null): string {
  const locale = activeLocale();
  if (locale === 'zh-Hant' && nameZh?.trim()) return nameZh;
  if (locale === 'zh-Hans' && nameCn?.trim()) return nameCn;
  return name;
}
