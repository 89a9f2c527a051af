import type { ConfirmationResult } from 'firebase/auth';
import * as React from 'react';
import { ApiError } from '@/lib/api-error';
import { type CodeMessages, messageForCode } from '@/lib/firebase-errors';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { customerPhone, sendSignInCode, signOutCustomer } from './customer-firebase';
import { FieldError, inputClass } from './customer-shell';
import { deleteMyCard } from './privacy-api';
import { joinPath, navigate } from './route';

const SMS_ERRORS: CodeMessages<MessageKey> = [
  [['auth/too-many-requests', 'auth/quota-exceeded'], 'customer.tooManyRequests'],
  [['auth/invalid-verification-code', 'auth/missing-verification-code'], 'customer.codeInvalid'],
  [['auth/code-expired', 'auth/session-expired'], 'customer.codeExpired'],
];

type Step =
  | { step: 'idle' }
  | { step: 'confirm'; phone: string }
  | { step: 'code'; phone: string; confirmation: ConfirmationResult }
  | { step: 'deleted' };

const dangerButton =
  'flex h-12 w-full items-center justify-center rounded-lg border border-red-700 bg-white px-4 font-semibold text-red-700 disabled:opacity-60';

/**
 * "Delete my card": what it means, then a fresh SMS code to the card's phone (the API takes a sign-in of the
 * last five minutes only, so a phone left signed in is not enough), then the erasure; the customer is signed
 * out and told, in place of the card.
 */
export function DeleteMyCard({ slug }: { slug: string }) {
  const t = useT();
  const [step, setStep] = React.useState<Step>({ step: 'idle' });
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const [code, setCode] = React.useState('');
  const recaptchaHost = React.useRef<HTMLDivElement>(null);

  const start = async () => {
    setError(undefined);
    const phone = await customerPhone().catch(() => null);
    if (!phone) return setError(t('customer.loadFailed'));
    setStep({ step: 'confirm', phone });
  };

  const sendCode = async (phone: string) => {
    if (!recaptchaHost.current) return;
    setBusy(true);
    setError(undefined);
    try {
      setCode('');
      setStep({ step: 'code', phone, confirmation: await sendSignInCode(phone, recaptchaHost.current) });
    } catch (failure) {
      setError(t(messageForCode(failure, SMS_ERRORS, 'customer.smsFailed')));
    } finally {
      setBusy(false);
    }
  };

  const erase = async (event: React.FormEvent, confirmation: ConfirmationResult) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('customer.codeInvalid'));
    setBusy(true);
    setError(undefined);
    try {
      const credential = await confirmation.confirm(code);
      await deleteMyCard(slug, await credential.user.getIdToken());
      await signOutCustomer();
      setStep({ step: 'deleted' });
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.status === 403
            ? t('customer.deleteSignInAgain')
            : t('customer.loadFailed')
          : t(messageForCode(failure, SMS_ERRORS, 'customer.codeInvalid')),
      );
    } finally {
      setBusy(false);
    }
  };

  const cancel = () => {
    setError(undefined);
    setStep({ step: 'idle' });
  };

  if (step.step === 'deleted')
    return (
      // The card above is gone: the message covers the page, with the way back to joining.
      <div
        role="alertdialog"
        aria-labelledby="card-deleted-title"
        className="fixed inset-0 z-50 grid place-items-center bg-white p-6"
      >
        <div className="max-w-sm text-center">
          <h1 id="card-deleted-title" className="text-xl font-semibold">
            {t('customer.cardDeleted')}
          </h1>
          <p className="mt-2 text-zinc-600">{t('customer.cardDeletedText')}</p>
          <button
            type="button"
            onClick={() => navigate(joinPath(slug), { replace: true })}
            className="mt-6 font-medium underline"
          >
            {t('customer.close')}
          </button>
        </div>
      </div>
    );

  return (
    <div className="space-y-3">
      {step.step === 'idle' ? (
        <button type="button" onClick={() => void start()} className={dangerButton}>
          {t('customer.deleteCard')}
        </button>
      ) : (
        <div className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <h3 className="font-semibold text-red-800">{t('customer.deleteCardTitle')}</h3>
          <p className="text-sm text-zinc-800">{t('customer.deleteCardText')}</p>
          {/* What remains where after it, exactly as docs/backups.md says (docs/design.md §10). */}
          <p className="text-sm text-zinc-800">{t('customer.deleteCardRemains')}</p>
          {step.step === 'confirm' ? (
            <button type="button" disabled={busy} onClick={() => void sendCode(step.phone)} className={dangerButton}>
              {busy ? t('customer.sending') : t('customer.deleteSendCode')}
            </button>
          ) : (
            <form onSubmit={(event) => void erase(event, step.confirmation)} noValidate className="space-y-3">
              <p className="text-sm text-zinc-800">{t('customer.codeSent', { phone: step.phone })}</p>
              <div>
                <label htmlFor="delete-code" className="mb-1 block text-sm font-medium">
                  {t('customer.codeLabel')}
                </label>
                <input
                  id="delete-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'delete-code-error' : undefined}
                  className={`${inputClass} tracking-[0.4em]`}
                />
              </div>
              <button type="submit" disabled={busy} className={dangerButton}>
                {busy ? t('customer.deleting') : t('customer.deleteForGood')}
              </button>
            </form>
          )}
          <button type="button" onClick={cancel} className="w-full py-2 text-sm font-medium underline">
            {t('customer.keepCard')}
          </button>
        </div>
      )}
      <FieldError id="delete-code-error" message={error} />
      <div ref={recaptchaHost} />
    </div>
  );
}
