import { firebaseConfigSchema } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { readFirebaseConfig } from './auth';

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
