import type { TenantUser } from '@loyalty/contracts';
import { Badge } from '@/components/ui/badge';
import { roleLabel, statusLabel } from '../users-labels';

export function StatusBadge({ status }: { status: TenantUser['status'] }) {
  const variant = status === 'ACTIVE' ? 'default' : status === 'INACTIVE' ? 'destructive' : 'secondary';
  return <Badge variant={variant}>{statusLabel(status)}</Badge>;
}

export function RoleBadge({ role }: { role: TenantUser['role'] }) {
  return <Badge variant="outline">{roleLabel(role)}</Badge>;
}
