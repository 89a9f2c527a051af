import { useQueryClient } from '@tanstack/react-query';
import * as React from 'react';
import { api } from '@/lib/api';
import {
  type AuthUser,
  initializeFirebase,
  isEmulatorMode,
  restoringSessionUid,
  signInWithEmail,
  signInWithGoogle,
  signOutUser,
  subscribeToAuthState,
} from '@/lib/auth';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { t } from '@/lib/i18n/i18n';
import { performLogout } from '@/lib/logout';
import type { MemberIdentityResult } from '@/lib/member-identity';

// The identity check validates the answer with the contracts' zod schemas; the sign-in screen needs it only
// once someone signs in, so it is fetched then (in parallel with the sign-in itself), not with the screen.
const loadMemberIdentity = () => import('@/lib/member-identity');
const prefetchMemberIdentity = () => void loadMemberIdentity().catch(() => {});

/** Never throws, like fetchMemberIdentity: code that cannot be fetched is the network error it answers. */
async function checkMemberIdentity(): Promise<MemberIdentityResult> {
  let module: Awaited<ReturnType<typeof loadMemberIdentity>>;
  try {
    module = await loadMemberIdentity();
  } catch {
    return { status: 'UNKNOWN', message: t('common.networkError') };
  }
  return module.fetchMemberIdentity(api);
}

/** Wires the session interface to Firebase and the API; the only provider that knows about either. */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = React.useState<AuthUser | null>(null);
  const [loading, setLoading] = React.useState(true);
  const [restoringUid, setRestoringUid] = React.useState<string | null>(null);
  const [initError, setInitError] = React.useState<string | null>(null);
  const [emulator, setEmulator] = React.useState(false);

  React.useEffect(() => {
    let active = true;
    let unsubscribe = () => {};
    initializeFirebase()
      .then(() => {
        if (!active) return;
        setEmulator(isEmulatorMode());
        setRestoringUid(restoringSessionUid());
        unsubscribe = subscribeToAuthState((next) => {
          setUser(next);
          setRestoringUid(null);
          setLoading(false);
        });
      })
      .catch((error: unknown) => {
        if (!active) return;
        console.error(error);
        setInitError(error instanceof Error ? error.message : t('common.firebaseConfigFailed'));
        setLoading(false);
      });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  const value = React.useMemo<AuthContextValue>(
    () => ({
      user,
      loading,
      restoringUid,
      initError,
      emulator,
      // The user is set right away (not only by the listener) so the next screen sees it at once.
      signInWithEmail: async (email, password) => {
        prefetchMemberIdentity();
        const signedIn = await signInWithEmail(email, password);
        setUser(signedIn);
        return signedIn;
      },
      signInWithGoogle: async (account) => {
        prefetchMemberIdentity();
        const signedIn = await signInWithGoogle(account);
        setUser(signedIn);
        return signedIn;
      },
      checkMemberIdentity,
      logout: async () => {
        const errors = await performLogout({ queryClient, signOut: signOutUser });
        for (const error of errors) console.error('A sign-out step failed', error);
        setUser(null);
      },
    }),
    [user, loading, restoringUid, initError, emulator, queryClient],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
