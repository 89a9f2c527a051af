import type { PublicJoinInfo } from '@loyalty/contracts';
import type { ConfirmationResult } from 'firebase/auth';
import * as React from 'react';
import { countryName, findCountry } from '@/components/phone-input/phone-utils';
import { ApiError } from '@/lib/api-error';
import { type CodeMessages, messageForCode } from '@/lib/firebase-errors';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { BrandButton, CustomerShell, FieldError, inputClass } from './customer-shell';
import { DetailsForm } from './details-form';
import { PageMessage } from './page-message';
import { composePhone, firstCountry, offeredCountries, phoneAllowed } from './phone-country';
import { fetchCard } from './public-api';
import { cardPath, navigate } from './route';
import { hasCustomerSession } from './stored-session';
import { useJoinInfo } from './use-join-info';

// Firebase's answers to a send or a confirm, in the customer's words.
const SMS_ERRORS: CodeMessages<MessageKey> = [
  [['auth/invalid-phone-number', 'auth/missing-phone-number'], 'customer.phoneRejected'],
  [['auth/too-many-requests', 'auth/quota-exceeded'], 'customer.tooManyRequests'],
  [['auth/invalid-verification-code', 'auth/missing-verification-code'], 'customer.codeInvalid'],
  [['auth/code-expired', 'auth/session-expired'], 'customer.codeExpired'],
  [['auth/operation-not-allowed'], 'customer.smsRegionBlocked'],
];

/** The Firebase module, fetched when the customer first submits a phone (never on the page's first load). */
const loadFirebase = () => import('./customer-firebase');

type Step = { step: 'phone' } | { step: 'code'; phone: string; confirmation: ConfirmationResult } | { step: 'details' };

export function JoinPage({ slug }: { slug: string }) {
  const t = useT();
  const join = useJoinInfo(slug);
  if (join.state === 'loading') return <CustomerShell branding={null}>{null}</CustomerShell>;
  if (join.state === 'closed') return <PageMessage title={t('customer.notFound')} />;
  if (join.state === 'failed')
    return (
      <PageMessage title={t('customer.loadFailed')} action={{ label: t('customer.retry'), onClick: join.retry }} />
    );
  return <JoinSteps slug={slug} info={join.info} />;
}

function JoinSteps({ slug, info }: { slug: string; info: PublicJoinInfo }) {
  const t = useT();
  const [step, setStep] = React.useState<Step>({ step: 'phone' });
  return (
    <CustomerShell branding={info}>
      <h1 className="text-2xl font-bold">{t('customer.joinTitle', { store: info.storeName })}</h1>
      {info.welcomePoints > 0 ? (
        <p className="mt-1 text-zinc-700">{t('customer.welcomePoints', { points: info.welcomePoints })}</p>
      ) : null}
      <div className="mt-6">
        {step.step === 'phone' ? (
          <PhoneStep info={info} onSent={(phone, confirmation) => setStep({ step: 'code', phone, confirmation })} />
        ) : step.step === 'code' ? (
          <CodeStep
            slug={slug}
            phone={step.phone}
            confirmation={step.confirmation}
            onBack={() => setStep({ step: 'phone' })}
            onNewMember={() => setStep({ step: 'details' })}
          />
        ) : (
          <DetailsForm slug={slug} info={info} onSignedOut={() => setStep({ step: 'phone' })} />
        )}
      </div>
      {step.step === 'phone' && hasCustomerSession() ? (
        <p className="mt-8 text-center">
          <a
            href={cardPath(slug)}
            onClick={(event) => {
              event.preventDefault();
              navigate(cardPath(slug));
            }}
            className="font-medium underline"
          >
            {t('customer.openCard')}
          </a>
        </p>
      ) : null}
    </CustomerShell>
  );
}

/** The value of a field of the server's first paint, still in the page while React renders for the first time. */
function paintedValue(id: string): string {
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement ? field.value : '';
}

function PhoneStep({
  info,
  onSent,
}: {
  info: PublicJoinInfo;
  onSent: (phone: string, confirmation: ConfirmationResult) => void;
}) {
  const t = useT();
  const offered = offeredCountries(info.allowedCountries);
  const [country, setCountry] = React.useState(() => firstCountry(offered).code);
  // The server paints this form before the script runs (docs/design.md §8): what a quick visitor typed into that
  // paint is taken over, not wiped when React draws the form in its place.
  const [number, setNumber] = React.useState(() => paintedValue('join-phone'));
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);
  const recaptchaHost = React.useRef<HTMLDivElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const dial = findCountry(country)?.dial_code ?? '';
    const phone = composePhone(dial, number);
    if (!phone) return setError(t('customer.phoneInvalid'));
    // Refused here, before any SMS is sent (the SMS pumping guard of docs/design.md §8).
    if (!phoneAllowed(phone, info.allowedCountries)) return setError(t('customer.phoneCountry'));
    setError(undefined);
    setBusy(true);
    try {
      const { sendSignInCode } = await loadFirebase();
      if (!recaptchaHost.current) return;
      onSent(phone, await sendSignInCode(phone, recaptchaHost.current));
    } catch (failure) {
      setError(t(messageForCode(failure, SMS_ERRORS, 'customer.smsFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <div>
        <label htmlFor="join-country" className="mb-1 block text-sm font-medium">
          {t('customer.countryLabel')}
        </label>
        <select
          id="join-country"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
          className={inputClass}
        >
          {offered.map((c) => (
            <option key={c.code} value={c.code}>
              {`${countryName(c)} (${c.dial_code})`}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="join-phone" className="mb-1 block text-sm font-medium">
          {t('customer.phoneLabel')}
        </label>
        <input
          id="join-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          value={number}
          onChange={(event) => setNumber(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'join-phone-error' : undefined}
          className={inputClass}
        />
        <FieldError id="join-phone-error" message={error} />
      </div>
      <BrandButton disabled={busy}>{busy ? t('customer.sending') : t('customer.sendCode')}</BrandButton>
      <p className="text-sm text-zinc-600">{t('customer.smsNote')}</p>
      <div ref={recaptchaHost} />
    </form>
  );
}

function CodeStep({
  slug,
  phone,
  confirmation,
  onBack,
  onNewMember,
}: {
  slug: string;
  phone: string;
  confirmation: ConfirmationResult;
  onBack: () => void;
  onNewMember: () => void;
}) {
  const t = useT();
  const [code, setCode] = React.useState('');
  const [error, setError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setError(t('customer.codeInvalid'));
    setError(undefined);
    setBusy(true);
    try {
      const credential = await confirmation.confirm(code);
      const token = await credential.user.getIdToken();
      // A phone that already holds a card goes straight to it: no second form, no second member.
      try {
        await fetchCard(slug, token);
        navigate(cardPath(slug));
      } catch (failure) {
        if (failure instanceof ApiError && failure.status === 404) onNewMember();
        else throw failure;
      }
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? t('customer.loadFailed')
          : t(messageForCode(failure, SMS_ERRORS, 'customer.codeInvalid')),
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <p className="text-zinc-700">{t('customer.codeSent', { phone })}</p>
      <div>
        <label htmlFor="join-code" className="mb-1 block text-sm font-medium">
          {t('customer.codeLabel')}
        </label>
        <input
          id="join-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'join-code-error' : undefined}
          className={`${inputClass} tracking-[0.4em]`}
        />
        <FieldError id="join-code-error" message={error} />
      </div>
      <BrandButton disabled={busy}>{busy ? t('customer.checking') : t('customer.confirmCode')}</BrandButton>
      <button type="button" onClick={onBack} className="w-full py-2 text-sm font-medium underline">
        {t('customer.changeNumber')}
      </button>
    </form>
  );
}
