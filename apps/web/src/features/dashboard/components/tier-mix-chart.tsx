import type { Dashboard } from '@loyalty/contracts';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The tier mix as bars in each tier's colour; the legend beside it (dashboard-page.tsx) carries the figures. */
export function TierMixChart({ tierMix }: { tierMix: Dashboard['tierMix'] }) {
  return (
    <div className="h-56" aria-hidden="true">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={tierMix} margin={{ left: -20 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} strokeDasharray="3 3" />
          <XAxis dataKey="name" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
          <Tooltip cursor={{ fillOpacity: 0.1 }} />
          <Bar dataKey="count" name="Members" radius={4}>
            {tierMix.map((t) => (
              <Cell key={t.tierId ?? 'none'} fill={t.color} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
