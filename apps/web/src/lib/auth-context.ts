import * as React from 'react';
import type { AuthUser, EmulatorGoogleAccount } from './auth';
import type { MemberIdentityResult } from './member-identity';

export type { AuthUser, EmulatorGoogleAccount } from './auth';

/**
 * What screens need from the session. Screens depend on this interface, not on Firebase, so tests
 * can render them with a hand-written value.
 */
export interface AuthContextValue {
  user: AuthUser | null;
  /** True until Firebase has been initialised and has reported the current user. */
  loading: boolean;
  /**
   * While loading: the user whose stored session Firebase is restoring, known from its storage before the
   * SDK confirms it (the workspace gate starts its identity check with it); null otherwise.
   */
  restoringUid: string | null;
  /** Set when Firebase could not be initialised (e.g. "Failed to fetch Firebase config"). */
  initError: string | null;
  /** True with the Auth Emulator: Google sign-in then uses the in-app account chooser. */
  emulator: boolean;
  signInWithEmail: (email: string, password: string) => Promise<AuthUser>;
  signInWithGoogle: (account?: EmulatorGoogleAccount) => Promise<AuthUser>;
  checkMemberIdentity: () => Promise<MemberIdentityResult>;
  /** Clears caches and stored ids and signs out; never throws (docs/spec/access-and-identity.md §4). */
  logout: () => Promise<void>;
}

export const AuthContext = React.createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = React.useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider.');
  return value;
}
