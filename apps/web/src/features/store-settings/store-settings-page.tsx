import { ComingSoon } from '@/components/coming-soon';

export function StoreSettingsPage() {
  return <ComingSoon title="Store Settings" description="Configure your store appearance" />;
}
