import type { TierPolicyBody } from '@loyalty/contracts';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useTierPolicyPreview } from '../api/tier-policy';

/** The preview of the next review under the policy shown: how many move up and down that day, and who. */
export function TierPolicyPreviewPanel({ policy }: { policy: TierPolicyBody | 'saved' | null }) {
  const t = useT();
  const preview = useTierPolicyPreview(policy);
  const data = preview.data;
  return (
    <section
      aria-live="polite"
      aria-label={t('tierPolicy.previewTitle')}
      className="grid gap-2 rounded-md border bg-muted/40 p-3 text-sm"
      data-testid="tier-policy-preview"
    >
      {preview.isError ? (
        <p className="text-destructive">{t('tierPolicy.previewFailed')}</p>
      ) : !data ? (
        <p className="text-muted-foreground">{t('common.loading')}</p>
      ) : (
        <>
          <p className="font-medium">
            {t('tierPolicy.previewSummary', {
              up: data.upgrades,
              upText: formatNumber(data.upgrades),
              down: data.downgrades,
              downText: formatNumber(data.downgrades),
              date: formatDate(data.runsAt),
            })}
          </p>
          {data.inGrace > 0 && (
            <p className="text-muted-foreground">
              {t('tierPolicy.previewGrace', { count: data.inGrace, countText: formatNumber(data.inGrace) })}
            </p>
          )}
          {data.sample.length > 0 && (
            <ul className="grid gap-1 text-muted-foreground">
              {data.sample.map((s) => (
                <li key={s.memberId}>
                  {t(s.direction === 'UP' ? 'tierPolicy.sampleUp' : 'tierPolicy.sampleDown', {
                    name: s.name,
                    from: s.fromTier?.name ?? t('members.noTier'),
                    to: s.toTier?.name ?? t('members.noTier'),
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
