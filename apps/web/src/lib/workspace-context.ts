import { canWrite, type Role } from '@loyalty/contracts';
import * as React from 'react';

/** Who the signed-in user is in the open workspace; provided by the workspace gate once the API said OK. */
export interface Workspace {
  tenantId: string;
  userId: string;
  role: Role;
  /** The branches this user records at; empty: any (docs/design.md §10). */
  branchIds: string[];
}

export const WorkspaceContext = React.createContext<Workspace | null>(null);

export function useWorkspace(): Workspace {
  const value = React.useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace must be used inside the workspace.');
  return value;
}

/** The first element of every tenant query key: switching tenant can never show another tenant's cache. */
export const useTenantId = () => useWorkspace().tenantId;

/** Owner and admin change things; staff only looks (the server refuses it anyway). */
export const useCanWrite = () => canWrite(useWorkspace().role);
