import type { Dashboard } from '@loyalty/contracts';
import * as React from 'react';
import { formatNumber } from '@/lib/i18n/format';
import { useT } from '@/lib/i18n/use-t';
import { tierLabel } from '../tier-label';
import { useElementWidth } from './use-element-width';

type TierMix = Dashboard['tierMix'];

// The geometry and colours of the chart library this replaces (recharts' bar chart as it was configured and
// measured on screen: a 60 px value axis shifted 20 px left, 10% gap around each bar, dashed #ccc grid, #666
// ticks, five "nice" ticks), so the dashboard looks as it did; one bar chart did not justify the ~100 KB
// (gzip) of code the library added to the dashboard.
const HEIGHT = 224;
const MARGIN = { top: 0, right: 5, bottom: 5, left: -20 };
const Y_AXIS_WIDTH = 60;
const X_AXIS_HEIGHT = 25;
const TICK_COUNT = 5;
const BAR_GAP = 0.1;
const RADIUS = 4;
const GRID = '#ccc';
const TICK = '#666';

/** A whole-number step that makes TICK_COUNT round ticks from 0 cover `max` (recharts-scale's rule). */
export function niceStep(max: number): number {
  const rough = max / (TICK_COUNT - 1);
  if (rough <= 0) return 1;
  const digits = Math.floor(Math.log10(rough)) + 1;
  const unit = 10 ** digits;
  const scale = digits === 1 ? 0.1 : 0.05;
  const step = Number((Math.ceil(rough / unit / scale) * scale * unit).toPrecision(12));
  return Math.max(1, Math.ceil(step));
}

/** A rectangle with every corner rounded by at most `r` (never more than half its width or height). */
function barPath(x: number, y: number, w: number, h: number, r: number) {
  const k = Math.min(r, w / 2, h / 2);
  return `M${x},${y + k}a${k},${k} 0 0 1 ${k},${-k}h${w - 2 * k}a${k},${k} 0 0 1 ${k},${k}v${h - 2 * k}a${k},${k} 0 0 1 ${-k},${k}h${-(w - 2 * k)}a${k},${k} 0 0 1 ${-k},${-k}z`;
}

/** The tier mix as bars in each tier's colour; the legend beside it (dashboard-page.tsx) carries the figures. */
export function TierMixChart({ tierMix }: { tierMix: TierMix }) {
  const t = useT();
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const [hover, setHover] = React.useState<{ index: number; x: number; y: number } | null>(null);

  const left = MARGIN.left + Y_AXIS_WIDTH;
  const plotWidth = Math.max(0, width - left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom - X_AXIS_HEIGHT;
  const bottom = MARGIN.top + plotHeight;
  const step = niceStep(Math.max(0, ...tierMix.map((t) => t.count)));
  const ticks = Array.from({ length: TICK_COUNT }, (_, i) => i * step);
  const top = ticks[ticks.length - 1] || 1;
  const y = (value: number) => bottom - (value / top) * plotHeight;
  const band = tierMix.length > 0 ? plotWidth / tierMix.length : 0;

  const onMove = (event: React.MouseEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = event.clientX - box.left;
    const yPos = event.clientY - box.top;
    const index = Math.floor((x - left) / band);
    const inside = band > 0 && index >= 0 && index < tierMix.length && yPos >= MARGIN.top && yPos <= bottom;
    setHover(inside ? { index, x, y: yPos } : null);
  };

  const hovered = hover ? tierMix[hover.index] : undefined;
  return (
    <div ref={ref} className="relative h-56" aria-hidden="true">
      {width > 0 && (
        <svg
          width={width}
          height={HEIGHT}
          className="overflow-visible"
          aria-hidden="true"
          onMouseMove={onMove}
          onMouseLeave={() => setHover(null)}
        >
          <g stroke={GRID} strokeDasharray="3 3">
            {ticks.map((tick) => (
              <line key={tick} x1={left} x2={left + plotWidth} y1={y(tick)} y2={y(tick)} />
            ))}
          </g>
          <g fill={TICK} fontSize={12} textAnchor="end">
            {ticks.map((tick) => (
              <text key={tick} x={left - 8} y={y(tick)} dy="0.355em">
                {tick}
              </text>
            ))}
          </g>
          <g fill={TICK} fontSize={12} textAnchor="middle">
            {tierMix.map((tier, i) => (
              <text key={tier.tierId ?? 'none'} x={left + band * (i + 0.5)} y={bottom + 8} dy="0.71em">
                {tierLabel(tier)}
              </text>
            ))}
          </g>
          {hover && (
            <rect
              x={left + band * hover.index}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill={GRID}
              fillOpacity={0.1}
            />
          )}
          {tierMix.map((tier, i) => {
            const h = bottom - y(tier.count);
            return h > 0 ? (
              <path
                key={tier.tierId ?? 'none'}
                d={barPath(left + band * (i + BAR_GAP), y(tier.count), band * (1 - 2 * BAR_GAP), h, RADIUS)}
                fill={tier.color}
              />
            ) : null;
          })}
        </svg>
      )}
      {hover && hovered && (
        <div
          className="pointer-events-none absolute whitespace-nowrap border bg-white p-2.5 text-black"
          style={{
            borderColor: GRID,
            top: Math.min(hover.y + 10, HEIGHT - 70),
            ...(hover.x + 10 + 140 > width ? { right: width - hover.x + 10 } : { left: hover.x + 10 }),
          }}
        >
          <p>{tierLabel(hovered)}</p>
          <p className="pt-1">{t('dashboard.chartMembers', { count: formatNumber(hovered.count) })}</p>
        </div>
      )}
    </div>
  );
}
