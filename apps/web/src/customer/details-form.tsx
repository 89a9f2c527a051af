import { CLEAN_TEXT, isCleanText, type JoinInput, type PublicJoinInfo } from '@loyalty/contracts';
import * as React from 'react';
import { ApiError, failureMessage } from '@/lib/api-error';
import { activeLocale } from '@/lib/i18n/i18n';
import { nameFieldsInOrder } from '@/lib/i18n/name-order';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { BrandButton, FieldError, inputClass } from './customer-shell';
import { postJoin } from './public-api';
import { cardPath, navigate, posterBranch } from './route';

type Field = 'firstName' | 'lastName' | 'email' | 'birthday' | 'acceptTerms';
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['firstName', 'lastName', 'email', 'birthday', 'acceptTerms'];

/** The invitation the page was opened by (`/join/{slug}?ref=`, docs/design.md §10), passed on with the join. */
const referralCode = () => new URLSearchParams(window.location.search).get('ref')?.trim() || undefined;

/** A birthday typed as MM-DD (month and day only), as the API takes it: `--MM-DD`; empty: none. */
const birthdayOf = (typed: string) => (typed.trim() ? `--${typed.trim().replace(/^--/, '')}` : undefined);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The contract's own words for a name with control or invisible characters, in the page's language. */
const unsafeText = (value: string) => translateText(CLEAN_TEXT.error({ input: value }));

/** The last step: who the customer is, the terms and marketing consent; then the card. */
export function DetailsForm({
  slug,
  info,
  onSignedOut,
}: {
  slug: string;
  info: PublicJoinInfo;
  /** The phone's session ended meanwhile (signed out in another tab): back to the phone step. */
  onSignedOut: () => void;
}) {
  const t = useT();
  const [values, setValues] = React.useState({ firstName: '', lastName: '', email: '' });
  const [acceptTerms, setAcceptTerms] = React.useState(false);
  const [marketingOptIn, setMarketingOptIn] = React.useState(false);
  const [birthday, setBirthday] = React.useState('');
  const [errors, setErrors] = React.useState<Errors>({});
  const [formError, setFormError] = React.useState<string>();
  const [busy, setBusy] = React.useState(false);

  // The same rules as the contract's joinBody, checked here so the common mistakes need no round trip; the
  // server's own answer (400 with `errors` per field) lands on the same fields.
  const check = (): Errors => {
    const found: Errors = {};
    if (!values.firstName.trim()) found.firstName = t('customer.firstNameRequired');
    else if (!isCleanText(values.firstName.trim())) found.firstName = unsafeText(values.firstName.trim());
    if (!values.lastName.trim()) found.lastName = t('customer.lastNameRequired');
    else if (!isCleanText(values.lastName.trim())) found.lastName = unsafeText(values.lastName.trim());
    const email = values.email.trim();
    if (info.requireEmail && !email) found.email = t('customer.emailRequired');
    else if (email && !EMAIL.test(email)) found.email = t('customer.emailInvalid');
    if (info.termsUrl && !acceptTerms) found.acceptTerms = t('customer.acceptTermsRequired');
    return found;
  };

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError(undefined);
    // The first field with an error as the reader sees them (Chinese asks the family name first).
    const shownOrder: Field[] = [
      ...nameFieldsInOrder<Field>('firstName', 'lastName'),
      'email',
      'birthday',
      'acceptTerms',
    ];
    const first = shownOrder.find((field) => found[field]);
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    setBusy(true);
    try {
      const { customerToken } = await import('./customer-firebase');
      const token = await customerToken();
      if (!token) return onSignedOut();
      const input: JoinInput = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        acceptTerms,
        marketingOptIn,
        language: activeLocale(),
        ...(birthdayOf(birthday) ? { birthday: birthdayOf(birthday) } : {}),
        ...(referralCode() ? { referralCode: referralCode() } : {}),
        ...(posterBranch() ? { homeBranchId: posterBranch() } : {}),
      };
      // 201 a new member, 200 a phone that already was one: the card either way.
      await postJoin(slug, token, input);
      navigate(cardPath(slug));
    } catch (failure) {
      const server: Errors = {};
      if (failure instanceof ApiError)
        for (const [field, message] of Object.entries(failure.fieldErrors))
          if ((FIELDS as readonly string[]).includes(field)) server[field as Field] = translateText(message);
      setErrors(server);
      if (Object.keys(server).length === 0) setFormError(failureMessage(failure));
      setBusy(false);
    }
  };

  const text = (field: 'firstName' | 'lastName' | 'email', label: string, autoComplete: string, type = 'text') => (
    <div>
      <label htmlFor={`join-${field}`} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={`join-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        value={values[field]}
        onChange={(event) => {
          setValues((v) => ({ ...v, [field]: event.target.value }));
          setErrors(({ [field]: _, ...rest }) => rest);
        }}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `join-${field}-error` : undefined}
        className={inputClass}
      />
      <FieldError id={`join-${field}-error`} message={errors[field]} />
    </div>
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <h2 className="text-lg font-semibold">{t('customer.detailsTitle')}</h2>
      {nameFieldsInOrder(
        <React.Fragment key="first">{text('firstName', t('customer.firstName'), 'given-name')}</React.Fragment>,
        <React.Fragment key="last">{text('lastName', t('customer.lastName'), 'family-name')}</React.Fragment>,
      )}
      {text('email', info.requireEmail ? t('customer.email') : t('customer.emailOptional'), 'email', 'email')}
      <div>
        <label htmlFor="join-birthday" className="mb-1 block text-sm font-medium">
          {t('customer.birthdayOptional')}
        </label>
        <input
          id="join-birthday"
          name="birthday"
          inputMode="numeric"
          placeholder={t('customer.birthdayHint')}
          value={birthday}
          onChange={(event) => {
            setBirthday(event.target.value);
            setErrors(({ birthday: _, ...rest }) => rest);
          }}
          aria-invalid={errors.birthday ? true : undefined}
          aria-describedby={errors.birthday ? 'join-birthday-error' : undefined}
          className={inputClass}
        />
        <FieldError id="join-birthday-error" message={errors.birthday} />
      </div>
      {/* Terms to accept only when the business gave a link to them. */}
      {info.termsUrl ? (
        <div>
          <label className="flex items-start gap-3 text-base">
            <input
              name="acceptTerms"
              type="checkbox"
              checked={acceptTerms}
              onChange={(event) => {
                setAcceptTerms(event.target.checked);
                setErrors(({ acceptTerms: _, ...rest }) => rest);
              }}
              aria-invalid={errors.acceptTerms ? true : undefined}
              aria-describedby={errors.acceptTerms ? 'join-acceptTerms-error' : undefined}
              className="mt-1 h-5 w-5 shrink-0 accent-[var(--brand-bg)]"
            />
            <span>{t('customer.acceptTerms')}</span>
          </label>
          <a href={info.termsUrl} target="_blank" rel="noreferrer" className="ml-8 text-sm font-medium underline">
            {t('customer.readTerms')}
          </a>
          <FieldError id="join-acceptTerms-error" message={errors.acceptTerms} />
        </div>
      ) : null}
      <label className="flex items-start gap-3 text-base">
        <input
          name="marketingOptIn"
          type="checkbox"
          checked={marketingOptIn}
          onChange={(event) => setMarketingOptIn(event.target.checked)}
          className="mt-1 h-5 w-5 shrink-0 accent-[var(--brand-bg)]"
        />
        <span>{t('customer.marketing')}</span>
      </label>
      {formError ? (
        <p role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <BrandButton disabled={busy}>{busy ? t('customer.joining') : t('customer.join')}</BrandButton>
    </form>
  );
}
