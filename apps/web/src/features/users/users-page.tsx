import { ComingSoon } from '@/components/coming-soon';

export function UsersPage() {
  return <ComingSoon title="Users" description="Manage your team members" />;
}
