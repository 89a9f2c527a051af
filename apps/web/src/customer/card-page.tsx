import { type LedgerType, type PublicCard, personName } from '@loyalty/contracts';
import { formatDate, formatMoney, formatNumber } from '@/lib/i18n/format';
import type { MessageKey } from '@/lib/i18n/i18n';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { CardCodes } from './card-codes';
import { CardInvite } from './card-invite';
import { CardNews } from './card-news';
import { CardPrivacy } from './card-privacy';
import { CardRewards } from './card-rewards';
import { CardStamps } from './card-stamps';
import { signOutCustomer } from './customer-firebase';
import { CustomerShell } from './customer-shell';
import { PageMessage } from './page-message';
import { joinPath, navigate } from './route';
import { useCard } from './use-card';
import { useJoinInfo } from './use-join-info';

const LEDGER_LABELS: Record<LedgerType, MessageKey> = {
  PURCHASE: 'customer.ledgerPurchase',
  REDEEM: 'customer.ledgerRedeem',
  ADJUST: 'customer.ledgerAdjust',
  EXPIRE: 'customer.ledgerExpire',
  REVERSAL: 'customer.ledgerReversal',
  BONUS: 'customer.ledgerBonus',
  IMPORT: 'customer.ledgerImport',
  REFUND: 'customer.ledgerRefund',
};

export function CardPage({ slug }: { slug: string }) {
  const t = useT();
  const join = useJoinInfo(slug);
  const card = useCard(slug);
  const branding = join.state === 'ready' ? join.info : null;
  if (card.state === 'failed')
    return (
      <PageMessage title={t('customer.loadFailed')} action={{ label: t('customer.retry'), onClick: card.retry }} />
    );
  if (card.state === 'notMember')
    return (
      <PageMessage
        title={t('customer.notMember')}
        action={{ label: t('customer.joinNow'), onClick: () => navigate(joinPath(slug)) }}
      />
    );
  if (card.state === 'loading')
    return (
      <CustomerShell branding={branding}>
        <p className="py-12 text-center text-zinc-600">{t('common.loading')}</p>
      </CustomerShell>
    );
  return (
    <CustomerShell branding={branding}>
      <CardView slug={slug} card={card.card} freshAppleUrl={card.freshAppleUrl} />
    </CustomerShell>
  );
}

function CardView({
  slug,
  card,
  freshAppleUrl,
}: {
  slug: string;
  card: PublicCard;
  freshAppleUrl: () => Promise<string>;
}) {
  const t = useT();
  const tier = card.tier ? localizedName(card.tier.name, card.tier.nameZh, card.tier.nameCn) : t('customer.noTier');
  const signOut = async () => {
    await signOutCustomer();
    navigate(joinPath(slug), { replace: true });
  };
  return (
    <div className="space-y-5">
      <section className="rounded-xl bg-[var(--brand-bg)] p-5 text-[var(--brand-fg)] shadow-sm">
        <p className="text-sm text-[var(--brand-label)]">{tier}</p>
        <h1 className="text-2xl font-bold">{personName(card)}</h1>
        <p className="mt-4 text-sm text-[var(--brand-label)]">{t('customer.points')}</p>
        <p data-testid="card-points" className="text-4xl font-bold tabular-nums">
          {formatNumber(card.pointsBalance)}
        </p>
        {card.nextTier ? (
          <p className="mt-3 text-sm">
            {t('customer.nextTier', {
              amount: formatMoney(card.nextTier.amountToReach),
              tier: localizedName(card.nextTier.name, card.nextTier.nameZh, card.nextTier.nameCn),
            })}
          </p>
        ) : null}
        {card.expiringNext ? (
          <p className="mt-1 text-sm">
            {t('customer.expiring', {
              points: card.expiringNext.points,
              date: formatDate(card.expiringNext.expiresAt),
            })}
          </p>
        ) : null}
      </section>

      {card.stampCard ? <CardStamps card={card.stampCard} /> : null}

      {card.latestMessage ? <CardNews message={card.latestMessage} /> : null}

      <CardCodes code={card.membershipCode} />

      <CardRewards slug={slug} rewards={card.rewards ?? []} claims={card.claims ?? []} />

      {card.invite ? <CardInvite invite={card.invite} /> : null}

      <div className="grid gap-3">
        <a
          href={card.appleUrl}
          onClick={(event) => {
            // A link read more than its life ago (a page left open) is renewed first, so the tap always works.
            event.preventDefault();
            void freshAppleUrl().then((url) => window.location.assign(url));
          }}
          className="flex h-12 items-center justify-center rounded-lg bg-black px-4 font-semibold text-white"
        >
          {t('customer.appleWallet')}
        </a>
        {card.googleSaveUrl ? (
          <a
            href={card.googleSaveUrl}
            target="_blank"
            rel="noreferrer"
            className="flex h-12 items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 font-semibold"
          >
            {t('customer.googleWallet')}
          </a>
        ) : null}
      </div>

      <section>
        <h2 className="mb-2 text-lg font-semibold">{t('customer.history')}</h2>
        {card.history.length === 0 ? (
          <p className="text-zinc-600">{t('customer.historyEmpty')}</p>
        ) : (
          <ul className="divide-y divide-zinc-200 rounded-xl bg-white shadow-sm">
            {card.history.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{t(LEDGER_LABELS[entry.type])}</p>
                  <p className="text-sm text-zinc-600">{formatDate(entry.createdAt)}</p>
                </div>
                <span
                  className={`shrink-0 font-semibold tabular-nums ${entry.points < 0 ? 'text-red-700' : 'text-green-700'}`}
                >
                  {entry.points > 0 ? `+${formatNumber(entry.points)}` : formatNumber(entry.points)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <CardPrivacy slug={slug} />

      <p className="text-center">
        <button type="button" onClick={() => void signOut()} className="text-sm font-medium underline">
          {t('customer.signOut')}
        </button>
      </p>
    </div>
  );
}
