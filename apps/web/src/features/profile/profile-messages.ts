import { ApiError } from '@/lib/api-client';
import { CANCELLED_POPUP_CODES, type CodeMessages, messageForCode, WRONG_PASSWORD_CODES } from '@/lib/firebase-errors';
import { type MessageKey, t } from '@/lib/i18n/i18n';

// docs/spec/access-and-identity.md §8: what the Edit Profile dialog says, by action and Firebase error code. The tables hold keys; the
// map functions below answer the text in the active language when the message is about to be shown.
const REAUTH_MESSAGES = {
  wrongPassword: 'profile.reauthWrongPassword',
  tooManyRequests: 'profile.tooManyRequests',
  other: 'profile.reauthFailed',
} as const satisfies Record<string, MessageKey>;

export const PROFILE_MESSAGES = {
  requiresRecentLogin: 'profile.requiresRecentLogin',
  emailInUse: 'profile.emailInUse',
  invalidEmail: 'profile.invalidEmail',
  other: 'profile.updateFailed',
  afterPhoneVerification: 'profile.afterPhoneVerification',
  emailUpdated: 'profile.emailUpdated',
  verifyNewEmail: 'profile.verifyNewEmail',
  saved: 'profile.saved',
  phoneHint: 'profile.phoneHint',
} as const satisfies Record<string, MessageKey>;

export const PASSWORD_MESSAGES = {
  wrongPassword: 'profile.passwordWrong',
  weakPassword: 'profile.passwordWeak',
  requiresRecentLogin: 'profile.passwordRecentLogin',
  tooManyRequests: 'profile.tooManyRequests',
  other: 'profile.passwordFailed',
  changed: 'profile.passwordChanged',
} as const satisfies Record<string, MessageKey>;

export const LINK_MESSAGES = {
  credentialInUse: 'profile.linkCredentialInUse',
  alreadyLinked: 'profile.linkAlreadyLinked',
  other: 'profile.linkFailed',
  onlyMethod: 'profile.onlyMethod',
  unlinkFailed: 'profile.unlinkFailed',
  linked: 'profile.linked',
  unlinked: 'profile.unlinked',
} as const satisfies Record<string, MessageKey>;

const REAUTH_CODES: CodeMessages<MessageKey> = [
  [WRONG_PASSWORD_CODES, REAUTH_MESSAGES.wrongPassword],
  [['auth/too-many-requests'], REAUTH_MESSAGES.tooManyRequests],
];

export function mapReauthError(error: unknown): string {
  return t(messageForCode<MessageKey>(error, REAUTH_CODES, REAUTH_MESSAGES.other));
}

const PROFILE_CODES: CodeMessages<MessageKey> = [
  [['auth/requires-recent-login'], PROFILE_MESSAGES.requiresRecentLogin],
  [['auth/email-already-in-use'], PROFILE_MESSAGES.emailInUse],
  [['auth/invalid-email'], PROFILE_MESSAGES.invalidEmail],
];

/** `fallback` differs once the phone is verified: the user must know the new number is already theirs. */
export function mapProfileError(error: unknown, fallback: MessageKey = PROFILE_MESSAGES.other): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return t(PROFILE_MESSAGES.emailInUse);
    if (error.fieldErrors.email) return t(PROFILE_MESSAGES.invalidEmail);
    return t(fallback);
  }
  return t(messageForCode(error, PROFILE_CODES, fallback));
}

const PASSWORD_CODES: CodeMessages<MessageKey> = [
  [WRONG_PASSWORD_CODES, PASSWORD_MESSAGES.wrongPassword],
  [['auth/weak-password'], PASSWORD_MESSAGES.weakPassword],
  [['auth/requires-recent-login'], PASSWORD_MESSAGES.requiresRecentLogin],
  [['auth/too-many-requests'], PASSWORD_MESSAGES.tooManyRequests],
];

export function mapPasswordError(error: unknown): string {
  return t(messageForCode<MessageKey>(error, PASSWORD_CODES, PASSWORD_MESSAGES.other));
}

const LINK_CODES: CodeMessages<MessageKey> = [
  // Firebase answers email-already-in-use when the Google account's e-mail belongs to another user.
  [['auth/credential-already-in-use', 'auth/email-already-in-use'], LINK_MESSAGES.credentialInUse],
  [['auth/provider-already-linked'], LINK_MESSAGES.alreadyLinked],
];

export function mapLinkError(error: unknown): string {
  return t(messageForCode<MessageKey>(error, LINK_CODES, LINK_MESSAGES.other));
}

/** A closed popup (or a cancelled emulator chooser) is the user's choice, not an error. */
export function isCancelledPopup(error: unknown): boolean {
  return messageForCode(error, [[CANCELLED_POPUP_CODES, true]], false);
}

/**
 * docs/spec/access-and-identity.md §5 writes each rule as "Title: text" (Chinese with a full-width colon, "標題：文字"); a toast shows the
 * two parts as title and description.
 */
export function splitTitled(message: string): { title: string; description: string } {
  const match = /: |：/.exec(message);
  return match
    ? { title: message.slice(0, match.index), description: message.slice(match.index + match[0].length) }
    : { title: message, description: '' };
}
