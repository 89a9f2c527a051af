import type { Branch } from '@loyalty/contracts';

/** A branch as GET /api/tenants/branches answers it (docs/design.md §10), active, not yet named by any entry. */
export function branch(id: string, name: string, overrides: Partial<Branch> = {}): Branch {
  return {
    id,
    name,
    nameZh: null,
    nameCn: null,
    address: null,
    addressZh: null,
    addressCn: null,
    phone: null,
    latitude: null,
    longitude: null,
    relevantText: null,
    relevantTextZh: null,
    relevantTextCn: null,
    active: true,
    inUse: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
