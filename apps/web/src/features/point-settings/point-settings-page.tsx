import { ComingSoon } from '@/components/coming-soon';

export function PointSettingsPage() {
  return <ComingSoon title="Point Settings" description="Configure point earning and redemption rates" />;
}
