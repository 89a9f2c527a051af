import type { SegmentFilter } from '@loyalty/contracts';
import { personName } from '@loyalty/contracts';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useSegmentPreview } from '../api/preview-segment';

/** The live count of a filter: members it holds, those a message would reach (consent given), and a sample. */
export function SegmentPreview({ filter }: { filter: SegmentFilter }) {
  const t = useT();
  const preview = useSegmentPreview(filter);
  if (preview.isError) return <p className="text-destructive text-sm">{t('messages.preview.failed')}</p>;
  if (!preview.data) return <p className="text-muted-foreground text-sm">{t('messages.preview.counting')}</p>;
  const { count, reachable, sample } = preview.data;
  return (
    <div className="grid gap-2" aria-live="polite">
      <p className="font-medium">
        {t('messages.preview.count', { count })} · {t('messages.preview.reachable', { count: reachable })}
      </p>
      {sample.length > 0 && (
        <ul className="grid gap-1 text-muted-foreground text-sm">
          {sample.map((m) => (
            <li key={m.id} className="flex flex-wrap gap-x-2">
              <span className="text-foreground">{personName(m)}</span>
              <span className="font-mono">{m.membershipCode}</span>
              {m.tierName && <span>{localizedName(m.tierName, m.tierNameZh, m.tierNameCn)}</span>}
              <span>{t('messages.preview.points', { points: m.pointsBalance })}</span>
              {!m.marketingOptIn && <span>{t('messages.preview.noConsent')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
