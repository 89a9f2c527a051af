import type { InsightsInterval, TimeseriesBucket } from '@loyalty/contracts';
import { BarChart3Icon, TableIcon } from 'lucide-react';
import * as React from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { useElementWidth } from '../components/use-element-width';
import { CHARTS, type ChartLine, type ChartSpec } from './chart-specs';
import { periodLabel } from './period-label';

// The charts over time (docs/design.md §10), drawn by uPlot: this module is the dashboard's lazy chunk, so the
// library loads with the dashboard only. The canvas is a picture for the eye; each chart's numbers are a table
// beside it (hidden visually until asked for, always there for a screen reader and for copying to a spreadsheet).
const HEIGHT = 200;
const AXIS = '#525252';
const GRID = '#e5e5e5';

const show = (line: ChartLine, value: number) => (line.money ? formatMoney(value) : formatNumber(value));

function options(spec: ChartSpec, width: number, labels: string[], label: (line: ChartLine) => string): uPlot.Options {
  const money = spec.lines.some((l) => l.money);
  const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
  const fromZero: uPlot.Range.Function = (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, (max ?? 0) * 1.1)];
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_u, min, max) => [(min ?? 0) - 0.5, (max ?? 0) + 0.5] },
      count: { range: fromZero },
      money: { range: fromZero },
    },
    axes: [
      {
        stroke: AXIS,
        grid: { show: false },
        incrs: [1, 2, 3, 4, 6, 7, 10, 14, 30, 60, 100],
        // Room for the longest label (a Chinese month name with its year is wide), so labels never run together.
        space: Math.max(40, Math.max(0, ...labels.map((l) => l.length)) * 11),
        values: (_u, splits) => splits.map((i) => labels[Math.round(i)] ?? ''),
      },
      {
        scale: 'count',
        stroke: AXIS,
        grid: { stroke: GRID },
        size: 56,
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatNumber(v) : '')),
      },
      ...(money
        ? [
            {
              scale: 'money',
              side: 1,
              stroke: AXIS,
              grid: { show: false },
              size: 72,
              values: (_u: uPlot, splits: number[]) => splits.map((v) => formatMoney(v)),
            } satisfies uPlot.Axis,
          ]
        : []),
    ],
    series: [
      {},
      ...spec.lines.map(
        (line): uPlot.Series => ({
          label: label(line),
          stroke: line.color,
          width: 2,
          scale: line.money ? 'money' : 'count',
          ...(line.bars && bars ? { paths: bars, fill: `${line.color}b3` } : {}),
          points: { show: labels.length <= 31 && !line.bars },
        }),
      ),
    ],
  };
}

function Chart({
  spec,
  buckets,
  interval,
}: {
  spec: ChartSpec;
  buckets: TimeseriesBucket[];
  interval: InsightsInterval;
}) {
  const t = useT();
  const [measure, width] = useElementWidth<HTMLDivElement>();
  const holder = React.useRef<HTMLDivElement>(null);
  const [asTable, setAsTable] = React.useState(false);
  const title = t(spec.title);

  React.useEffect(() => {
    const element = holder.current;
    if (!element || width === 0 || asTable) return;
    const labels = buckets.map((b) => periodLabel(b, interval, true));
    const data: uPlot.AlignedData = [
      buckets.map((_, i) => i),
      ...spec.lines.map((line) => buckets.map((b) => b[line.figure])),
    ];
    const plot = new uPlot(
      options(spec, width, labels, (line) => t(line.label)),
      data,
      element,
    );
    return () => plot.destroy();
  }, [spec, buckets, interval, width, asTable, t]);

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
          <div ref={holder} aria-hidden="true" />
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

/** Every chart of the period (the stamp figures stay 0 until the business keeps a stamp card). */
export default function InsightsCharts({
  buckets,
  interval,
}: {
  buckets: TimeseriesBucket[];
  interval: InsightsInterval;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {CHARTS.map((spec) => (
        <Chart key={spec.id} spec={spec} buckets={buckets} interval={interval} />
      ))}
    </div>
  );
}
