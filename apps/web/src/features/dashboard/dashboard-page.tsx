import { CoinsIcon, CreditCardIcon, type LucideIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

interface Metric {
  title: string;
  value: string;
  trend: string;
  icon: LucideIcon;
}

// Spec: the dashboard shows fixed placeholder figures; there is no live data behind them yet.
const METRICS: Metric[] = [
  { title: 'Total Users', value: '1,234', trend: '+12.5%', icon: UsersIcon },
  { title: 'Active Memberships', value: '856', trend: '+8.2%', icon: CreditCardIcon },
  { title: 'Total Points Issued', value: '45,678', trend: '+23.1%', icon: CoinsIcon },
  { title: 'Wallet Cards Active', value: '642', trend: '+5.4%', icon: WalletIcon },
];

export function DashboardPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">Dashboard</h1>
        <p className="text-muted-foreground">Overview of your membership and loyalty programme (sample figures).</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {METRICS.map(({ title, value, trend, icon: Icon }) => (
          <Card key={title} className="gap-2">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="font-medium text-sm">{title}</CardTitle>
              <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
            </CardHeader>
            <CardContent>
              <p className="font-bold text-2xl">{value}</p>
              <p className="text-muted-foreground text-xs">{trend} from last month</p>
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}
