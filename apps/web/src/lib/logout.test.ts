import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { performLogout } from './logout';
import { SESSION_STORAGE_KEYS, STORAGE_KEYS } from './storage-keys';

const LISTED_KEYS = [
  'tenantId',
  'userId',
  'authToken',
  'refreshToken',
  'sessionToken',
  'phoneToVerify',
  'registrationEmail',
  'businessName',
  'industry',
  'firstName',
  'lastName',
  'verificationToken',
  'phoneVerificationId',
  'cameFromRegistration',
];

function fillStorage() {
  for (const key of Object.values(STORAGE_KEYS)) {
    localStorage.setItem(key, `local-${key}`);
    sessionStorage.setItem(key, `session-${key}`);
  }
  localStorage.setItem('unrelated', 'kept');
}

describe('performLogout', () => {
  it('clears every listed key from both storages but keeps the theme and prefillEmail', async () => {
    fillStorage();
    const queryClient = new QueryClient();
    queryClient.setQueryData(['tenant', 't-1', 'users'], ['someone']);
    const signOut = vi.fn(async () => {});

    await performLogout({ queryClient, signOut });

    expect([...SESSION_STORAGE_KEYS].sort()).toEqual([...LISTED_KEYS].sort());
    for (const key of LISTED_KEYS) {
      expect(localStorage.getItem(key)).toBeNull();
      expect(sessionStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('theme')).toBe('local-theme');
    expect(localStorage.getItem('prefillEmail')).toBe('local-prefillEmail');
    expect(localStorage.getItem('unrelated')).toBe('kept');
    expect(queryClient.getQueryData(['tenant', 't-1', 'users'])).toBeUndefined();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('still clears storage and signs out when clearing the cache fails, and reports the failure', async () => {
    fillStorage();
    const queryClient = new QueryClient();
    const failure = new Error('cache broke');
    vi.spyOn(queryClient, 'clear').mockImplementation(() => {
      throw failure;
    });
    const signOut = vi.fn(async () => {});

    const errors = await performLogout({ queryClient, signOut });

    expect(errors).toEqual([failure]);
    expect(localStorage.getItem('tenantId')).toBeNull();
    expect(signOut).toHaveBeenCalledOnce();
  });

  it('resolves even when the provider sign-out fails', async () => {
    fillStorage();
    const errors = await performLogout({
      queryClient: new QueryClient(),
      signOut: async () => {
        throw new Error('offline');
      },
    });
    expect(errors).toHaveLength(1);
    expect(sessionStorage.getItem('userId')).toBeNull();
  });
});
