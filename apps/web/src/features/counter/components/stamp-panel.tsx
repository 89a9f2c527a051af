import type { StampAnswer } from '@loyalty/contracts';
import { GiftIcon } from 'lucide-react';
import * as React from 'react';
import { StampCardDrawing } from '@/components/stamp-card-drawing';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { failureMessage } from '@/lib/api-error';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useAddStamps, useCounterStampCard } from '../api/stamps';

/**
 * The stamp card at the till (docs/design.md §10): the member's card drawn with its stamps, one tap adds a stamp
 * (+2, +3 beside it), and a full card's reward ready to hand over. Each tap has its own Idempotency-Key, kept until
 * it is recorded, so a double tap or a retry adds once.
 */
export function StampPanel({
  memberId,
  stamps,
  cardsCompleted,
}: {
  memberId: string;
  stamps: number;
  cardsCompleted: number;
}) {
  const t = useT();
  const card = useCounterStampCard();
  const add = useAddStamps();
  const key = React.useRef<{ count: number; key: string } | null>(null);
  const [shown, setShown] = React.useState({ stamps, cardsCompleted });
  // A purchase at the till added stamps (the page adds them to the member): a card they fill is completed.
  React.useEffect(() => setShown((s) => ({ ...s, stamps })), [stamps]);
  const [ready, setReady] = React.useState<StampAnswer['issued']>([]);
  const [error, setError] = React.useState<string | null>(null);

  const settings = card.data;
  if (!settings) return null;
  const total = settings.stampsPerCard;
  const onCard = shown.stamps % total;
  const completed = shown.cardsCompleted + Math.floor(shown.stamps / total);

  const tap = async (count: number) => {
    setError(null);
    if (key.current?.count !== count) key.current = { count, key: crypto.randomUUID() };
    try {
      const answer = await add.mutateAsync({ memberId, count, key: key.current.key });
      key.current = null;
      setShown({ stamps: answer.stamps, cardsCompleted: answer.cardsCompleted });
      if (answer.issued.length > 0) setReady((r) => [...r, ...answer.issued]);
    } catch (failure) {
      key.current = null;
      setError(
        failure instanceof ApiError && failure.code === 'STAMP_DAILY_LIMIT'
          ? t('stampCard.dailyLimit', { max: settings.maxStampsPerDay ?? 0 })
          : failureMessage(failure),
      );
    }
  };

  return (
    <section aria-labelledby="counter-stamps" className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="counter-stamps" className="font-semibold text-lg">
          {t('stampCard.counterTitle')}
        </h2>
        <span className="text-muted-foreground text-sm" data-testid="counter-stamps">
          {t('stampCard.progress', { stamps: onCard, total })}
        </span>
      </div>
      <StampCardDrawing stamps={onCard} total={total} label={t('stampCard.progress', { stamps: onCard, total })} />
      <p className="text-muted-foreground text-xs">
        {t('stampCard.cardsCompleted', { count: completed, cards: formatNumber(completed) })}
      </p>
      {!settings.active ? (
        <p className="text-muted-foreground text-sm">{t('stampCard.inactive')}</p>
      ) : settings.earn === 'PER_AMOUNT' ? (
        <p className="text-muted-foreground text-sm">
          {t('stampCard.byPurchase', { amount: formatMoney(settings.amountPerStamp ?? 0) })}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="lg" disabled={add.isPending} onClick={() => void tap(1)}>
            {t('stampCard.addOne')}
          </Button>
          {[2, 3].map((n) => (
            <Button
              key={n}
              type="button"
              variant="outline"
              size="lg"
              disabled={add.isPending}
              onClick={() => void tap(n)}
              aria-label={t('stampCard.addMany', { count: n })}
            >
              +{n}
            </Button>
          ))}
        </div>
      )}
      {ready.map((r) => (
        <p
          key={r.id}
          role="status"
          data-testid="stamp-reward-ready"
          className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 font-medium text-emerald-900 text-sm"
        >
          <GiftIcon className="size-4" aria-hidden="true" />
          {t('stampCard.rewardReady', {
            reward: localizedName(r.rewardName, r.rewardNameZh, r.rewardNameCn),
            code: r.code,
          })}
        </p>
      ))}
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </section>
  );
}
