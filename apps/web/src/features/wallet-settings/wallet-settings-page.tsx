import { ComingSoon } from '@/components/coming-soon';

export function WalletSettingsPage() {
  return <ComingSoon title="Wallet Settings" description="Configure the look of your wallet cards" />;
}
