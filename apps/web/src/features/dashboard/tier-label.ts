import type { Dashboard } from '@loyalty/contracts';
import { t } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';

/** A tier of the mix as the dashboard names it: in the active language, and the members without a tier too. */
export function tierLabel(tier: Dashboard['tierMix'][number]): string {
  return tier.tierId === null ? t('dashboard.noTier') : localizedName(tier.name, tier.nameZh, tier.nameCn);
}
