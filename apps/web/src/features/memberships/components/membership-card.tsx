import { MEMBERSHIP_CARD_BENEFITS, type Membership } from '@loyalty/contracts';
import { PencilIcon, TrashIcon } from 'lucide-react';
import { RowActionButton } from '@/components/row-action-button';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { activeLocale } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { percent, spendRange, tierTexts } from '../memberships-labels';

type Actions = {
  onEdit: (tier: Membership) => void;
  /** The pointer or focus is on Edit: a click may follow. */
  onEditIntent?: () => void;
  onDelete: (tier: Membership) => void;
} | null;

/** One tier in the grid (spec Memberships): name, Inactive badge, description, colour, discount, range, benefits. */
export function MembershipCard({ tier, actions }: { tier: Membership; actions: Actions }) {
  const t = useT();
  // The tier's own texts in the reader's language (its Chinese fields), the English ones otherwise.
  const { name, description, benefits } = tierTexts(tier);
  const shown = benefits.slice(0, MEMBERSHIP_CARD_BENEFITS);
  const more = benefits.length - shown.length;
  return (
    <Card aria-label={name} role="article" className="flex flex-col overflow-hidden pt-0">
      {tier.cardImageUrl ? (
        <img src={tier.cardImageUrl} alt={t('memberships.cardImage', { name })} className="h-32 w-full object-cover" />
      ) : (
        <div aria-hidden="true" className="h-2 w-full" style={{ backgroundColor: tier.color }} />
      )}
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="flex min-w-0 items-center gap-2 text-lg">
            <span
              role="img"
              aria-label={t('memberships.colour', { color: tier.color })}
              className="size-4 shrink-0 rounded-full border"
              style={{ backgroundColor: tier.color }}
            />
            <span className="truncate">{name}</span>
          </CardTitle>
          {!tier.isActive && <Badge variant="secondary">{t('memberships.inactive')}</Badge>}
        </div>
        {activeLocale() === 'en' && (tier.nameZh || tier.nameCn) && (
          // In English the tier's Chinese names stay visible under its name, as before the languages came.
          <p className="text-muted-foreground text-sm">
            {tier.nameZh && <span lang="zh-Hant">{tier.nameZh}</span>}
            {tier.nameZh && tier.nameCn && ' · '}
            {tier.nameCn && <span lang="zh-Hans">{tier.nameCn}</span>}
          </p>
        )}
        {description && <CardDescription className="line-clamp-3">{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid flex-1 content-start gap-3 text-sm">
        <dl className="grid grid-cols-2 gap-2">
          <div>
            <dt className="text-muted-foreground text-xs">{t('memberships.discount')}</dt>
            <dd className="font-medium">{percent(tier.discountPercentage)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">{t('memberships.spendRange')}</dt>
            <dd className="font-medium">{spendRange(tier.minSpendAmount, tier.maxSpendAmount)}</dd>
          </div>
        </dl>
        {shown.length > 0 && (
          <ul className="grid list-disc gap-1 pl-5" aria-label={t('memberships.benefitsOf', { name })}>
            {shown.map((b, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: benefits may repeat; order identifies them
              <li key={i}>{b}</li>
            ))}
          </ul>
        )}
        {more > 0 && <p className="text-muted-foreground text-xs">{t('memberships.more', { count: more })}</p>}
      </CardContent>
      {actions && (
        <CardFooter className="gap-2">
          <RowActionButton
            icon={PencilIcon}
            label={t('memberships.editNamed', { name })}
            text={t('memberships.edit')}
            onClick={() => actions.onEdit(tier)}
            onPointerEnter={actions.onEditIntent}
            onFocus={actions.onEditIntent}
          />
          <RowActionButton
            icon={TrashIcon}
            label={t('memberships.deleteNamed2', { name })}
            text={t('memberships.delete')}
            className="text-destructive"
            onClick={() => actions.onDelete(tier)}
          />
        </CardFooter>
      )}
    </Card>
  );
}
