import { ComingSoon } from '@/components/coming-soon';

export function MembersPage() {
  return <ComingSoon title="Members" description="Manage member accounts and memberships" />;
}
