import { firebaseConfigSchema } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { readFirebaseConfig, readStoredSession } from './auth';

const valid = { apiKey: 'k', authDomain: 'd', projectId: 'p', appId: 'a' };

describe('readFirebaseConfig', () => {
  it.each([
    ['the required fields', valid],
    ['every field', { ...valid, storageBucket: 'b', messagingSenderId: 'm', emulatorHost: '127.0.0.1:9099' }],
    ['unknown fields (dropped)', { ...valid, extra: 1 }],
    ['an optional field left undefined', { ...valid, emulatorHost: undefined }],
    ['a missing required field', { apiKey: 'k', authDomain: 'd', projectId: 'p' }],
    ['a required field of the wrong type', { ...valid, appId: 1 }],
    ['an optional field of the wrong type', { ...valid, emulatorHost: 9099 }],
    ['an optional field set to null', { ...valid, storageBucket: null }],
    ['null', null],
    ['an array', [valid]],
    ['a string', 'config'],
  ])('answers as the contract schema does for %s', (_name, input) => {
    const parsed = firebaseConfigSchema.safeParse(input);
    expect(readFirebaseConfig(input)).toEqual(parsed.success ? parsed.data : null);
  });
});

describe('readStoredSession (the session the SDK persisted, read before it restores it)', () => {
  const now = 1_800_000_000_000;
  const user = (stsTokenManager: object, uid: unknown = 'uid-1') =>
    JSON.stringify({ uid, email: 'a@b.c', stsTokenManager: { refreshToken: 'r', ...stsTokenManager } });

  it('answers the user and the token while the token has more than five minutes left', () => {
    expect(readStoredSession(user({ accessToken: 'tok', expirationTime: now + 30 * 60_000 }), now)).toEqual({
      uid: 'uid-1',
      token: 'tok',
      expiresAt: now + 30 * 60_000,
    });
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{oops'],
    ['a token about to expire', user({ accessToken: 'tok', expirationTime: now + 60_000 })],
    ['an expired token', user({ accessToken: 'tok', expirationTime: now - 1 })],
    ['no token', user({ expirationTime: now + 30 * 60_000 })],
    ['no uid', user({ accessToken: 'tok', expirationTime: now + 30 * 60_000 }, null)],
    ['an expiry that is not a number', user({ accessToken: 'tok', expirationTime: 'later' })],
  ])('answers null for %s', (_, raw) => {
    expect(readStoredSession(raw, now)).toBeNull();
  });
});
