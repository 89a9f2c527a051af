import * as React from 'react';
import { DeferredSelect } from '@/components/deferred-select';
import { Labelled } from '@/components/labelled';
import { useBranches } from '@/lib/branches';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { usePromotions } from '../api/get-promotions';
import { useTiers } from '../api/get-tiers';
import { useBusinessProfile } from '../api/quiet-hours';
import { useTranslators } from '../api/translators';
import { linkablePromotions, type PromotionTexts, promotionTexts } from '../promotion-text';

export const NO_PROMOTION = 'none';

/**
 * "Link a promotion": shown only when the business has an active promotion; choosing one hands the compose form
 * a text about it in each language (the form decides which fields take it), choosing none hands it null.
 */
export function PromotionPicker({
  value,
  onPick,
}: {
  value: string;
  onPick: (id: string, texts: PromotionTexts | null) => void;
}) {
  const t = useT();
  const promotions = usePromotions();
  const linkable = React.useMemo(() => linkablePromotions(promotions.data ?? []), [promotions.data]);
  const translators = useTranslators(linkable.length > 0);
  const tiers = useTiers();
  const branches = useBranches();
  const business = useBusinessProfile();
  if (linkable.length === 0) return null;
  // The texts name tiers and branches and read dates in the business's time zone: wait for them (a failed list
  // only leaves its names out).
  const ready = translators.data && business.data && !tiers.isPending && !branches.isPending;

  const pick = (id: string) => {
    const promotion = linkable.find((p) => p.id === id);
    if (!promotion || !translators.data || !business.data) return onPick(NO_PROMOTION, null);
    onPick(
      id,
      promotionTexts(translators.data, promotion, {
        tiers: tiers.data?.content ?? [],
        branches: branches.data ?? [],
        timeZone: business.data.timeZone,
      }),
    );
  };

  return (
    <Labelled id="message-promotion" label={t('messages.compose.promotion')} className="max-w-2xl">
      <DeferredSelect
        id="message-promotion"
        value={value}
        disabled={!ready}
        options={[
          { value: NO_PROMOTION, label: t('messages.compose.promotionNone') },
          ...linkable.map((p) => ({ value: p.id, label: localizedName(p.name, p.nameZh, p.nameCn) })),
        ]}
        onValueChange={pick}
      />
      <p className="text-muted-foreground text-sm">{t('messages.compose.promotionHint')}</p>
    </Labelled>
  );
}
