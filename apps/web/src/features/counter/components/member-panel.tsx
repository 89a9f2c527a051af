import type { CounterMember } from '@loyalty/contracts';
import { TierReviewNote } from '@/components/tier-review-note';
import { Badge } from '@/components/ui/badge';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { fullName, levelVariant } from '@/lib/member-labels';

/** Who is at the till: name, code, tier, balance and the points that expire next. */
export function MemberPanel({ member }: { member: CounterMember }) {
  const t = useT();
  const expiring = member.expiringNext;
  return (
    <section aria-labelledby="counter-member-name" className="grid gap-3 rounded-md border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="counter-member-name" className="font-semibold text-lg">
          {fullName(member)}
        </h2>
        <Badge variant={levelVariant(member.tier?.name ?? null)}>
          {member.tier ? localizedName(member.tier.name, member.tier.nameZh, member.tier.nameCn) : t('counter.noTier')}
        </Badge>
      </div>
      {member.tierReview && <TierReviewNote review={member.tierReview} />}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">{t('counter.code')}</dt>
        <dd className="font-mono">{member.membershipCode}</dd>
        <dt className="text-muted-foreground">{t('counter.balance')}</dt>
        <dd className="font-semibold text-base" data-testid="counter-balance">
          {formatNumber(member.pointsBalance)}
        </dd>
        <dt className="text-muted-foreground">{t('counter.expiringNext')}</dt>
        <dd>
          {expiring
            ? t('counter.expiring', {
                count: expiring.points,
                points: formatNumber(expiring.points),
                date: formatDate(expiring.expiresAt),
              })
            : t('counter.none')}
        </dd>
      </dl>
    </section>
  );
}
