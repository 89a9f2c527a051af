import { TierReviewNote } from '@/components/tier-review-note';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useMember } from '../api/get-member';
import {
  failureMessage,
  formatDate,
  formatMoney,
  formatPoints,
  fullName,
  levelVariant,
  statusLabel,
} from '../members-labels';
import { MemberActions } from './member-actions';
import { MemberDataDownload } from './member-data-download';
import { MemberGooglePass } from './member-google-pass';
import { MemberLedger } from './member-ledger';
import { MemberPass } from './member-pass';

function Stat({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 rounded-md border p-3">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

/** One member: balance, tier and the way to the next, lifetime spend, points expiring next, actions, ledger. */
export function MemberDetailDialog({
  memberId,
  canAdjust,
  onClose,
}: {
  memberId: string | null;
  canAdjust: boolean;
  onClose: () => void;
}) {
  const query = useMember(memberId);
  const m = query.data;
  const t = useT();
  return (
    <Dialog open={memberId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{m ? fullName(m) : t('members.member')}</DialogTitle>
          <DialogDescription>
            {m
              ? `${m.membershipCode} · ${statusLabel(m.status)}${m.email ? ` · ${m.email}` : ''}${m.phone ? ` · ${m.phone}` : ''}`
              : query.isError
                ? failureMessage(query.error)
                : t('common.loading')}
          </DialogDescription>
        </DialogHeader>
        {m && (
          <div className="grid gap-4">
            <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Stat label={t('members.detailBalance')}>
                <span data-testid="member-balance">{formatPoints(m.pointsBalance)}</span>
                {m.redeemTerms && (
                  <span className="block font-normal text-muted-foreground text-xs">
                    {t('members.worthLower', {
                      amount: formatMoney(
                        Math.floor(
                          (m.pointsBalance * Math.round(m.redeemTerms.redeemRateAmount * 100)) /
                            m.redeemTerms.redeemRatePoints,
                        ) / 100,
                      ),
                    })}
                  </span>
                )}
              </Stat>
              <Stat label={t('members.detailLevel')}>
                <Badge variant={levelVariant(m.tier?.name ?? null)} data-testid="member-tier">
                  {m.tier ? localizedName(m.tier.name, m.tier.nameZh, m.tier.nameCn) : t('members.noTier')}
                </Badge>
                <span className="block font-normal text-muted-foreground text-xs">
                  {m.tierPinned
                    ? t('members.pinned')
                    : m.nextTier
                      ? t('members.moreTo', {
                          amount: formatMoney(m.nextTier.amountToReach),
                          tier: localizedName(m.nextTier.name, m.nextTier.nameZh, m.nextTier.nameCn),
                        })
                      : m.tier
                        ? t('members.highestTier')
                        : t('members.noTiers')}
                </span>
                {m.tierReview && <TierReviewNote review={m.tierReview} />}
              </Stat>
              <Stat label={t('members.lifetimeSpend')}>{formatMoney(m.lifetimeSpend)}</Stat>
              <Stat label={t('members.expiringNext')}>
                {m.expiringNext ? (
                  <>
                    {formatPoints(m.expiringNext.points)}
                    <span className="block font-normal text-muted-foreground text-xs">
                      {t('members.expiresOn', { date: formatDate(m.expiringNext.expiresAt) })}
                    </span>
                  </>
                ) : (
                  <span className="font-normal text-muted-foreground">{t('members.none')}</span>
                )}
              </Stat>
              {/* The stamp card (docs/design.md §10): stamps on the current card and cards completed. */}
              {(m.stamps ?? 0) + (m.cardsCompleted ?? 0) > 0 && (
                <Stat label={t('members.stamps')}>
                  <span data-testid="member-stamps">{formatPoints(m.stamps ?? 0)}</span>
                  <span className="block font-normal text-muted-foreground text-xs">
                    {t('stampCard.cardsCompleted', { count: m.cardsCompleted ?? 0, cards: m.cardsCompleted ?? 0 })}
                  </span>
                </Stat>
              )}
            </dl>
            <MemberActions member={m} canAdjust={canAdjust} />
            <MemberPass member={m} />
            <MemberGooglePass member={m} />
            <MemberLedger memberId={m.userId} balance={m.pointsBalance} />
            {canAdjust && <MemberDataDownload member={m} />}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
