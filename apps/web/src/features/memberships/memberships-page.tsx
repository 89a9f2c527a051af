import { ComingSoon } from '@/components/coming-soon';

export function MembershipsPage() {
  return <ComingSoon title="Memberships" description="Manage membership tiers and benefits" />;
}
