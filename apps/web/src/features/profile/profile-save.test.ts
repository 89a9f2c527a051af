import type { Profile, ProfileUpdate } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { SAMPLE_PROFILE } from '@/test/profile-test-utils';
import { ProfileSaveError, type ProfileSaveSteps, type ProfileValues, saveProfile } from './profile-save';

function steps(log: string[], overrides: Partial<ProfileSaveSteps> = {}): ProfileSaveSteps {
  const note = (entry: string) => async () => {
    log.push(entry);
  };
  return {
    hasPassword: true,
    confirmIdentity: async () => {
      log.push('confirmIdentity');
      return 'secret';
    },
    verifyPhone: async (phone) => {
      log.push(`verifyPhone ${phone}`);
      return true;
    },
    put: async (body: ProfileUpdate) => {
      log.push(`PUT ${Object.keys(body).join(',')}`);
      return { ...SAMPLE_PROFILE } as Profile;
    },
    changeDisplayName: async (name) => note(`displayName ${name}`)(),
    changeEmail: async (email, password) => note(`changeEmail ${email}${password ? ` ${password}` : ''}`)(),
    sendEmailVerification: note('sendEmailVerification'),
    ...overrides,
  };
}

const initial: ProfileValues = { ...SAMPLE_PROFILE };
const everything: ProfileValues = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.test',
  phone: '+85298765432',
};

describe('profile save order (docs/spec/access-and-identity.md §4)', () => {
  it('confirms the password, verifies and saves the phone, then the names, then the e-mail', async () => {
    const log: string[] = [];
    const outcome = await saveProfile(steps(log), initial, everything);
    expect(outcome).toMatchObject({ status: 'saved', emailChanged: true });
    expect(log).toEqual([
      'confirmIdentity',
      'verifyPhone +85298765432',
      'PUT phone',
      'PUT first_name,last_name',
      'displayName Grace Hopper',
      // The confirmed password renews the session after the change.
      'changeEmail grace@example.test secret',
      'PUT email',
      'sendEmailVerification',
    ]);
  });

  it('saves name-only changes directly, without a password prompt', async () => {
    const log: string[] = [];
    await saveProfile(steps(log), initial, { ...initial, firstName: ' Grace ' });
    expect(log).toEqual(['PUT first_name,last_name', 'displayName Grace Lovelace']);
  });

  it('asks no password of an account without one (Google only)', async () => {
    const log: string[] = [];
    await saveProfile(steps(log, { hasPassword: false }), initial, { ...initial, email: 'new@example.test' });
    expect(log).toEqual(['changeEmail new@example.test', 'PUT email', 'sendEmailVerification']);
  });

  it('stops without a word when the password prompt or the SMS dialog is cancelled', async () => {
    const log: string[] = [];
    const cancelled = steps(log, { confirmIdentity: async () => null });
    expect(await saveProfile(cancelled, initial, everything)).toEqual({ status: 'cancelled' });
    expect(log).toEqual([]);
    const closed = steps(log, { verifyPhone: async () => false });
    expect(await saveProfile(closed, initial, everything)).toEqual({ status: 'cancelled' });
    // Nothing is saved: neither the phone nor the names that also changed.
    expect(log).toEqual(['confirmIdentity']);
  });

  it('says "Failed to save profile changes after phone verification." when the save after it fails', async () => {
    const log: string[] = [];
    const failing = steps(log, {
      put: async () => {
        throw new ApiError({ status: 500, message: 'down' });
      },
    });
    const error = await saveProfile(failing, initial, { ...initial, phone: '+85298765432' }).catch((e) => e);
    expect(error).toBeInstanceOf(ProfileSaveError);
    expect(error.message).toBe('Failed to save profile changes after phone verification.');
  });

  it('maps a taken e-mail and puts the old sign-in e-mail back when the API refuses the new one', async () => {
    const log: string[] = [];
    const failing = steps(log, {
      hasPassword: false,
      put: async () => {
        throw new ApiError({ status: 409, message: 'taken' });
      },
    });
    const error = await saveProfile(failing, initial, { ...initial, email: 'taken@example.test' }).catch((e) => e);
    expect(error.message).toBe('This email is already in use by another account.');
    expect(log).toEqual(['changeEmail taken@example.test', `changeEmail ${initial.email}`]);
  });

  it('maps a Firebase refusal of the e-mail and never calls the API for it', async () => {
    const log: string[] = [];
    const failing = steps(log, {
      hasPassword: false,
      changeEmail: async () => {
        throw Object.assign(new Error('x'), { code: 'auth/requires-recent-login' });
      },
    });
    const error = await saveProfile(failing, initial, { ...initial, email: 'n@example.test' }).catch((e) => e);
    expect(error.message).toBe('Please sign out and sign back in before updating your profile.');
    expect(log).toEqual([]);
  });
});
