import type { InsightsInterval, TimeseriesBucket } from '@loyalty/contracts';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useElementWidth } from '../components/use-element-width';
import { CHART_HEIGHT, CHARTS, type ChartLine, type ChartSpec } from './chart-specs';
import { periodLabel } from './period-label';

// The charts over time (docs/design.md §10). The picture (uPlot, ./chart-canvas) is a lazy chunk fetched when the
// charts near the viewport, so the dashboard's first load does not carry the library; each chart's numbers are a
// table beside it, rendered at once (hidden visually until asked for, always there for a screen reader and for
// copying to a spreadsheet).
const ChartCanvas = React.lazy(() => import('./chart-canvas'));

const show = (line: ChartLine, value: number) => (line.money ? formatMoney(value) : formatNumber(value));

function Chart({
  spec,
  buckets,
  interval,
  draw,
}: {
  spec: ChartSpec;
  buckets: TimeseriesBucket[];
  interval: InsightsInterval;
  draw: boolean;
}) {
  const t = useT();
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const [asTable, setAsTable] = React.useState(false);
  const title = t(spec.title);
  const placeholder = <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />;

  return (
    <Card className="min-w-0 gap-2" data-testid={`insights-chart-${spec.id}`}>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle className="font-medium text-sm">{title}</CardTitle>
        <Button
          variant="ghost"
          size="sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((v) => !v)}
          aria-label={
            asTable ? t('insights.showChartOf', { chart: title }) : t('insights.showTableOf', { chart: title })
          }
        >
          {asTable ? <BarChart3Icon aria-hidden="true" /> : <TableIcon aria-hidden="true" />}
          {asTable ? t('insights.showChart') : t('insights.showTable')}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div ref={measure} className={asTable ? 'hidden' : 'min-w-0'}>
          {draw && !asTable && width > 0 ? (
            <React.Suspense fallback={placeholder}>
              <ChartCanvas spec={spec} buckets={buckets} interval={interval} width={width} />
            </React.Suspense>
          ) : (
            placeholder
          )}
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-hidden="true">
            {spec.lines.map((line) => (
              <li key={line.figure} className="flex items-center gap-1.5">
                <span className="inline-block size-2.5 rounded-sm" style={{ backgroundColor: line.color }} />
                {t(line.label)}
              </li>
            ))}
          </ul>
        </div>
        {/* Shown, it scrolls: a region the keyboard can reach (WCAG 2.1.1). */}
        <div
          className={asTable ? 'max-h-80 overflow-auto' : 'sr-only'}
          {...(asTable ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}
        >
          <table className="w-full text-sm" data-testid={`insights-table-${spec.id}`}>
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="px-2 py-1 text-left font-medium">
                  {t('insights.period')}
                </th>
                {spec.lines.map((line) => (
                  <th key={line.figure} scope="col" className="px-2 py-1 text-right font-medium">
                    {t(line.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {buckets.map((b) => (
                <tr key={b.start} className="border-b last:border-0">
                  <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">
                    {periodLabel(b, interval)}
                  </th>
                  {spec.lines.map((line) => (
                    <td key={line.figure} className="px-2 py-1 text-right tabular-nums">
                      {show(line, b[line.figure])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * Every chart of the period (the stamp figures stay 0 until the business keeps a stamp card); `draw` once the
 * charts are near the viewport, the tables at once.
 */
export function InsightsCharts({
  buckets,
  interval,
  draw,
}: {
  buckets: TimeseriesBucket[];
  interval: InsightsInterval;
  draw: boolean;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {CHARTS.map((spec) => (
        <Chart key={spec.id} spec={spec} buckets={buckets} interval={interval} draw={draw} />
      ))}
    </div>
  );
}
