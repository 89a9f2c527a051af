import type { InsightsInterval, TimeseriesBucket } from '@loyalty/contracts';
import * as React from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney, formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { CHART_HEIGHT, type ChartLine, type ChartSpec } from './chart-specs';
import { periodLabel } from './period-label';

// A chart's picture, drawn by uPlot: this module and the library are a chunk of their own, fetched only when the
// charts come near the viewport (docs/design.md §10), so the dashboard's first load does not carry them. The
// numbers are in the table beside each chart, which needs none of this.
const AXIS = '#525252';
const GRID = '#e5e5e5';

function options(spec: ChartSpec, width: number, labels: string[], label: (line: ChartLine) => string): uPlot.Options {
  const money = spec.lines.some((l) => l.money);
  const bars = uPlot.paths.bars?.({ size: [0.6, 48] });
  const fromZero: uPlot.Range.Function = (_u, min, max) => [Math.min(0, min ?? 0), Math.max(1, (max ?? 0) * 1.1)];
  return {
    width,
    height: CHART_HEIGHT,
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

/** Draws one chart's lines into a canvas of the given width; for the eye only (its table says the same). */
export default function ChartCanvas({
  spec,
  buckets,
  interval,
  width,
}: {
  spec: ChartSpec;
  buckets: TimeseriesBucket[];
  interval: InsightsInterval;
  width: number;
}) {
  const t = useT();
  const holder = React.useRef<HTMLDivElement>(null);
  React.useEffect(() => {
    const element = holder.current;
    if (!element || width === 0) return;
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
  }, [spec, buckets, interval, width, t]);
  return <div ref={holder} aria-hidden="true" />;
}
