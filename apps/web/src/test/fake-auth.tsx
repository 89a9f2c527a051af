import * as React from 'react';
import type { AuthContextValue, AuthUser, EmulatorGoogleAccount } from '@/lib/auth-context';
import { AuthContext } from '@/lib/auth-context';
import type { MemberIdentityResult } from '@/lib/member-identity';

export const SAMPLE_USER: AuthUser = {
  uid: 'uid-1',
  email: 'owner@example.com',
  displayName: null,
  phoneNumber: null,
  providerIds: ['password'],
};

export interface FakeAuthOptions {
  user?: AuthUser | null;
  loading?: boolean;
  restoringUid?: string | null;
  initError?: string | null;
  emulator?: boolean;
  /** Resolve with a user to sign in, or throw (e.g. a Firebase-like `{ code }`) to fail. */
  signInWithEmail?: (email: string, password: string) => Promise<AuthUser>;
  signInWithGoogle?: (account?: EmulatorGoogleAccount) => Promise<AuthUser>;
  identity?: MemberIdentityResult | (() => Promise<MemberIdentityResult>);
  onLogout?: () => void;
}

/**
 * The session interface without Firebase: keeps the signed-in user in state like the real
 * provider does, so screens can be driven through sign-in and sign-out.
 */
export function FakeAuthProvider({ options, children }: { options: FakeAuthOptions; children: React.ReactNode }) {
  const [user, setUser] = React.useState<AuthUser | null>(options.user ?? null);
  const value = React.useMemo<AuthContextValue>(() => {
    const identity = options.identity ?? { status: 'OK', tenantId: 't-1', userId: 'u-1', role: 'owner' };
    return {
      user,
      loading: options.loading ?? false,
      restoringUid: options.restoringUid ?? null,
      initError: options.initError ?? null,
      emulator: options.emulator ?? false,
      signInWithEmail: async (email, password) => {
        const signedIn = await (options.signInWithEmail ?? (async () => SAMPLE_USER))(email, password);
        setUser(signedIn);
        return signedIn;
      },
      signInWithGoogle: async (account) => {
        const signedIn = await (options.signInWithGoogle ?? (async () => SAMPLE_USER))(account);
        setUser(signedIn);
        return signedIn;
      },
      checkMemberIdentity: async () => (typeof identity === 'function' ? identity() : identity),
      logout: async () => {
        options.onLogout?.();
        setUser(null);
      },
    };
  }, [user, options]);
  return <AuthContext value={value}>{children}</AuthContext>;
}
