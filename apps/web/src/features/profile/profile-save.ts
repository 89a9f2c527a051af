import { type Profile, type ProfileUpdate, personName } from '@loyalty/contracts';
import type { MessageKey } from '@/lib/i18n/i18n';
import { mapProfileError, PROFILE_MESSAGES } from './profile-messages';

export interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

interface ProfileChanges {
  names: boolean;
  email: boolean;
  phone: boolean;
}

const sameText = (a: string, b: string) => a.trim() === b.trim();

export function changesOf(initial: ProfileValues, next: ProfileValues): ProfileChanges {
  return {
    names: !sameText(initial.firstName, next.firstName) || !sameText(initial.lastName, next.lastName),
    // Addresses are case-insensitive, and the API stores them lower-cased.
    email: next.email.trim().toLowerCase() !== initial.email.trim().toLowerCase(),
    phone: !sameText(initial.phone, next.phone),
  };
}

/** Everything a save touches outside the form: dialogs, the API and Firebase. */
export interface ProfileSaveSteps {
  hasPassword: boolean;
  /** Opens "Confirm Your Identity"; the password Firebase accepted, or null when the user cancelled. */
  confirmIdentity: () => Promise<string | null>;
  /** Opens "Verify Your Phone"; true once Firebase holds the new number, false when closed before that. */
  verifyPhone: (phone: string) => Promise<boolean>;
  put: (body: ProfileUpdate) => Promise<Profile>;
  changeDisplayName: (displayName: string) => Promise<void>;
  changeEmail: (email: string, password?: string) => Promise<void>;
  sendEmailVerification: () => Promise<void>;
}

type ProfileSaveOutcome = { status: 'cancelled' } | { status: 'saved'; profile: Profile | null; emailChanged: boolean };

/** A failed save with the spec's message for it; `cause` keeps the original for the console. */
export class ProfileSaveError extends Error {
  constructor(
    message: string,
    readonly cause: unknown,
  ) {
    super(message);
    this.name = 'ProfileSaveError';
  }
}

/** Secondary provider updates must not undo a save the API already made; they are logged instead. */
async function bestEffort(what: string, step: () => Promise<void>) {
  try {
    await step();
  } catch (error) {
    console.error(`${what} failed`, error);
  }
}

/**
 * docs/spec/access-and-identity.md §4 "Profile save", in its order: password confirmation when the phone or e-mail changes (for
 * accounts with a password), then SMS verification and the phone, then the names, then the e-mail.
 */
export async function saveProfile(
  steps: ProfileSaveSteps,
  initial: ProfileValues,
  next: ProfileValues,
): Promise<ProfileSaveOutcome> {
  const changes = changesOf(initial, next);
  const email = next.email.trim();
  const phone = next.phone.trim();
  let password: string | undefined;
  if ((changes.phone || changes.email) && steps.hasPassword) {
    const confirmed = await steps.confirmIdentity();
    if (confirmed === null) return { status: 'cancelled' };
    password = confirmed;
  }

  let profile: Profile | null = null;
  let fallback: MessageKey = PROFILE_MESSAGES.other;
  try {
    if (changes.phone) {
      if (!(await steps.verifyPhone(phone))) return { status: 'cancelled' };
      // From here Firebase already holds the new number; say so if the rest fails.
      fallback = PROFILE_MESSAGES.afterPhoneVerification;
      profile = await steps.put({ phone });
    }
    if (changes.names) {
      const names = { first_name: next.firstName.trim(), last_name: next.lastName.trim() };
      profile = await steps.put(names);
      const displayName = personName({ firstName: names.first_name, lastName: names.last_name });
      await bestEffort('Updating the display name', () => steps.changeDisplayName(displayName)); // i18n-ignore: the step named in a console warning, never shown
    }
    if (changes.email) {
      await steps.changeEmail(email, password);
      try {
        profile = await steps.put({ email });
      } catch (error) {
        // Keep Firebase and the profile on the same address when the API refuses the new one.
        await bestEffort('Restoring the sign-in e-mail', () => steps.changeEmail(initial.email, password)); // i18n-ignore: the step named in a console warning, never shown
        throw error;
      }
      await bestEffort('Sending the verification e-mail', steps.sendEmailVerification); // i18n-ignore: the step named in a console warning, never shown
    }
  } catch (error) {
    throw new ProfileSaveError(mapProfileError(error, fallback), error);
  }
  return { status: 'saved', profile, emailChanged: changes.email };
}
