import {
  mapRecaptchaSetupError,
  mapVerificationError,
  VERIFICATION_MESSAGES,
  type VerificationFailure,
} from '@/components/verification/verification-errors';
import { createInvisibleRecaptcha, sendPhoneLinkCode } from '@/lib/auth-phone';
import { storeVerification } from './registration-storage';

type SendCodeResult = { ok: true; verificationId: string } | { ok: false; failure: VerificationFailure };

/**
 * Sends an SMS code to link `phone` to the signed-in user with a one-shot invisible reCAPTCHA, and stores
 * phone and verification id (docs/spec/access-and-identity.md §3 keys) so the code can be confirmed after a reload. Never throws.
 * The caller counts the send for the resend limit.
 */
export async function sendVerificationCode(container: HTMLElement | null, phone: string): Promise<SendCodeResult> {
  let recaptcha: ReturnType<typeof createInvisibleRecaptcha>;
  try {
    recaptcha = createInvisibleRecaptcha(container ?? 'recaptcha-container');
  } catch (error) {
    console.error('reCAPTCHA set-up failed', error); // i18n-ignore: a log for developers
    return { ok: false, failure: mapRecaptchaSetupError(error) };
  }
  try {
    const verificationId = await sendPhoneLinkCode(phone, recaptcha);
    storeVerification(phone, verificationId);
    return { ok: true, verificationId };
  } catch (error) {
    console.error('Sending the verification code failed', error); // i18n-ignore: a log for developers
    return { ok: false, failure: mapVerificationError(error, VERIFICATION_MESSAGES.sendFailed) };
  } finally {
    recaptcha.clear();
  }
}
