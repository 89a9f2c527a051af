import * as React from 'react';
import { Input } from '@/components/ui/input';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import type { Country } from './countries';
import { CountryPicker } from './country-picker';
import { buildPhoneValue, defaultCountry, parsePhoneValue, stripNonDigits } from './phone-utils';

interface PhoneInputProps {
  /** The full value: dial code + digits ("+85291234567"), or '' when no digit is typed. */
  value: string;
  /** Called with the new full value when the digits or the country change. */
  onChange: (value: string) => void;
  /**
   * Called when the number loses focus and right after a country change, so a form validating on
   * blur (react-hook-form `field.onBlur`) re-validates in both cases (docs/spec/access-and-identity.md §5).
   */
  onBlur?: () => void;
  /** Message to show; displayed only once the field was touched (blurred, country changed) or `showError`. */
  error?: string;
  /** Show `error` even if untouched, e.g. after a submit attempt. */
  showError?: boolean;
  /** ISO code of the initial country when `value` is empty; Hong Kong by default. */
  defaultCountry?: string;
  id?: string;
  name?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
  'aria-label'?: string;
}

/**
 * Phone field of docs/spec/access-and-identity.md §2/§5: a searchable country-code picker and a digits-only number input.
 * Works controlled; `value` may be set from outside (e.g. a stored number) and is split back into
 * country and digits.
 */
export function PhoneInput({
  value,
  onChange,
  onBlur,
  error,
  showError = false,
  defaultCountry: defaultCode,
  id,
  name,
  required,
  disabled,
  autoFocus,
  className,
  'aria-label': ariaLabel,
}: PhoneInputProps) {
  const t = useT();
  const [country, setCountry] = React.useState<Country>(
    () => parsePhoneValue(value, defaultCode)?.country ?? defaultCountry(defaultCode),
  );
  const [digits, setDigits] = React.useState(() => parsePhoneValue(value, defaultCode)?.digits ?? '');
  const [touched, setTouched] = React.useState(false);

  // A value set from outside (reset, stored number) is split again; our own echo is left alone.
  const [seen, setSeen] = React.useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== buildPhoneValue(country.dial_code, digits)) {
      const parsed = parsePhoneValue(value, country.code);
      if (parsed) setCountry(parsed.country);
      setDigits(parsed?.digits ?? '');
    }
  }

  const emit = (nextCountry: Country, nextDigits: string) => {
    const next = buildPhoneValue(nextCountry.dial_code, nextDigits);
    setSeen(next);
    if (next !== value) onChange(next);
  };

  const onNumberChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    // A pasted international number ("+1 555…") brings its own country.
    const parsed = raw.trim().startsWith('+') ? parsePhoneValue(raw, country.code) : undefined;
    const nextCountry = parsed?.country ?? country;
    const nextDigits = parsed ? parsed.digits : stripNonDigits(raw);
    setCountry(nextCountry);
    setDigits(nextDigits);
    emit(nextCountry, nextDigits);
  };

  const onCountryChange = (next: Country) => {
    setCountry(next);
    emit(next, digits);
    setTouched(true);
    onBlur?.();
  };

  const visibleError = error && (touched || showError) ? error : undefined;
  const errorId = id ? `${id}-error` : undefined;

  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex">
        <CountryPicker value={country} onChange={onCountryChange} disabled={disabled} invalid={!!visibleError} />
        <Input
          id={id}
          name={name}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder={t('phone.number')}
          className="rounded-l-none"
          value={digits}
          required={required}
          disabled={disabled}
          autoFocus={autoFocus}
          aria-label={ariaLabel}
          aria-invalid={visibleError ? true : undefined}
          aria-describedby={visibleError ? errorId : undefined}
          onChange={onNumberChange}
          onBlur={() => {
            setTouched(true);
            onBlur?.();
          }}
        />
      </div>
      {visibleError && (
        <p id={errorId} className="text-destructive text-sm">
          {visibleError}
        </p>
      )}
    </div>
  );
}
