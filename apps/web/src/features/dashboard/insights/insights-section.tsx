import { DownloadIcon } from 'lucide-react';
import * as React from 'react';
import { Labelled } from '@/components/labelled';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { useBusinessProfile } from '@/lib/business-profile';
import { toastFailure } from '@/lib/failure-toast';
import { localizedName } from '@/lib/i18n/localized-name';
import { timeZoneName } from '@/lib/i18n/time-zone-names';
import { useT } from '@/lib/i18n/use-t';
import { useNearViewport } from '../components/use-near-viewport';
import { useBranchOptions, useDownloadTimeseries, useTimeseries } from './api';
import { InsightsCharts } from './insights-charts';
import { LiabilityCard } from './liability-card';
import {
  intervalFor,
  PERIOD_CHOICES,
  type PeriodChoice,
  rangeOf,
  rangeProblem,
  type SeriesRange,
  todayIn,
} from './periods';

// The date fields (their calendar's popover and its positioning) show only for a custom period: they load when
// that is chosen, or when the reader points at or focuses the period picker, not with the dashboard.
const loadDateField = () => import('@/components/date-field');
const DateField = React.lazy(async () => ({ default: (await loadDateField()).DateField }));
const preloadDateField = () => {
  loadDateField().catch(() => {
    // Choosing a custom period loads it again and reports a failure there.
  });
};

const FIELD_CLASS = 'h-9 rounded-md border border-input bg-transparent px-2 text-sm dark:bg-input/30';

const CHOICE_LABELS = {
  '7d': 'insights.period7',
  '30d': 'insights.period30',
  '12m': 'insights.period12',
  custom: 'insights.periodCustom',
} as const;

const PROBLEM_LABELS = {
  order: 'insights.rangeOrder',
  tooLong: 'insights.rangeTooLong',
  missing: 'insights.rangeMissing',
} as const;

/**
 * The dashboard's figures over time (docs/design.md §10 "Insights"): a period picker (the last 7 or 30 days, 12
 * months, or a custom range), a branch filter once the business has branches, the charts with their tables, and
 * what the points owe. Days are the business's (its time zone), names and numbers the reader's language.
 */
export function InsightsSection({ aboveLoaded = true }: { aboveLoaded?: boolean }) {
  const t = useT();
  const profile = useBusinessProfile();
  const branches = useBranchOptions();
  const [choice, setChoice] = React.useState<PeriodChoice>('30d');
  const [custom, setCustom] = React.useState<{ from: string; to: string } | null>(null);
  const [branchId, setBranchId] = React.useState<string | null>(null);
  const known = profile.data !== undefined || profile.isError;
  const today = todayIn(profile.data?.timeZone);
  const customRange = custom ?? rangeOf('30d', today);
  const problem = choice === 'custom' ? rangeProblem(customRange.from, customRange.to) : null;
  const range: SeriesRange | null = !known
    ? null
    : choice === 'custom'
      ? problem
        ? null
        : { ...customRange, interval: intervalFor(customRange.from, customRange.to) }
      : rangeOf(choice, today);
  const series = useTimeseries(range, branchId);
  const download = useDownloadTimeseries();
  const branchList = branches.data ?? [];
  // The chart library is fetched only when the section nears the viewport (docs/design.md §10), measured once
  // what is above it on the screen (`aboveLoaded`: the checklist, the figures) has loaded and taken its height.
  const [nearRef, near] = useNearViewport<HTMLElement>('400px', aboveLoaded);

  const dateField = (field: 'from' | 'to', label: string) => (
    <DateField
      id={`insights-${field}`}
      label={label}
      className="gap-1"
      required
      value={customRange[field]}
      onChange={(value) => setCustom({ ...customRange, [field]: value })}
      describedBy={field === 'to' && problem ? 'insights-range-error' : undefined}
    />
  );

  return (
    <section ref={nearRef} className="grid gap-4" aria-labelledby="insights-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="insights-title" className="font-semibold text-lg">
            {t('insights.title')}
          </h2>
          {series.data && (
            <p className="text-muted-foreground text-xs">
              {t('insights.timeZoneNote', { timeZone: timeZoneName(series.data.timeZone) })}
            </p>
          )}
        </div>
        {/* Tops aligned: a date field's message below it must not lift the other controls. */}
        <div className="flex flex-wrap items-start gap-3">
          <Labelled id="insights-period" label={t('insights.period')} className="gap-1">
            <select
              id="insights-period"
              className={FIELD_CLASS}
              onPointerEnter={preloadDateField}
              onFocus={preloadDateField}
              value={choice}
              onChange={(e) => setChoice(e.target.value as PeriodChoice)}
            >
              {PERIOD_CHOICES.map((c) => (
                <option key={c} value={c}>
                  {t(CHOICE_LABELS[c])}
                </option>
              ))}
            </select>
          </Labelled>
          {choice === 'custom' && (
            <React.Suspense fallback={<Skeleton className="mt-[1.125rem] h-9 w-64" />}>
              {dateField('from', t('insights.from'))}
              {dateField('to', t('insights.to'))}
            </React.Suspense>
          )}
          {branchList.length > 0 && (
            <Labelled id="insights-branch" label={t('insights.branch')} className="gap-1">
              <select
                id="insights-branch"
                className={FIELD_CLASS}
                value={branchId ?? ''}
                onChange={(e) => setBranchId(e.target.value || null)}
              >
                <option value="">{t('insights.allBranches')}</option>
                {branchList.map((b) => (
                  <option key={b.id} value={b.id}>
                    {localizedName(b.name, b.nameZh, b.nameCn)}
                  </option>
                ))}
              </select>
            </Labelled>
          )}
          <Button
            variant="outline"
            // Level with the fields under their labels (a label's line and the gap above a field).
            className="mt-[1.125rem]"
            disabled={!range || download.isPending}
            onClick={() =>
              range &&
              download.mutate({ range, branchId }, { onError: (e) => toastFailure(t('import.exportFailed'), e) })
            }
          >
            <DownloadIcon aria-hidden="true" />
            {t('insights.download')}
          </Button>
        </div>
      </div>
      {problem && (
        <p id="insights-range-error" className="text-destructive text-sm">
          {t(PROBLEM_LABELS[problem])}
        </p>
      )}
      {series.isError && !series.data ? (
        <p role="alert" className="text-destructive text-sm">
          {t('insights.failed', { reason: failureMessage(series.error) })}
        </p>
      ) : !series.data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <InsightsCharts buckets={series.data.buckets} interval={series.data.interval} draw={near} />
      )}
      <LiabilityCard branchId={branchId} />
    </section>
  );
}
