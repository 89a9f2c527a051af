import { useQuery } from '@tanstack/react-query';
import { translatorIn } from '@/lib/i18n/i18n';
import type { Locale } from '@/lib/i18n/locales';
import type { TranslateIn } from '../promotion-text';

/**
 * The catalogues of all three languages, whatever the screen shows: a message's texts are written in each at once.
 * Fetched only when asked for (a business with promotions), then kept.
 */
export function useTranslators(enabled: boolean) {
  return useQuery({
    queryKey: ['catalogues', 'every-language'],
    queryFn: async (): Promise<Record<Locale, TranslateIn>> => {
      const [en, zhHant, zhHans] = await Promise.all([
        translatorIn('en'),
        translatorIn('zh-Hant'),
        translatorIn('zh-Hans'),
      ]);
      return { en, 'zh-Hant': zhHant, 'zh-Hans': zhHans };
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
