import { REGEXP_ONLY_DIGITS } from 'input-otp';
import { InputOTP, InputOTPGroup, InputOTPSlot } from '@/components/ui/input-otp';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import { CODE_LENGTH } from './verification-constants';

interface VerificationCodeInputProps {
  /** Digits typed so far (0 to 6). */
  value: string;
  onChange: (value: string) => void;
  /** Called once the sixth digit is typed or pasted, with the whole code: submit from here (docs/spec/access-and-identity.md §4). */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Marks every cell red, e.g. after a wrong code. */
  invalid?: boolean;
  id?: string;
  /** Accessible name of the hidden input; "Verification code" (in the active language) by default. */
  'aria-label'?: string;
  className?: string;
}

/** The 6-cell SMS code input; digits only, paste of a whole code works, one-time-code autofill too. */
export function VerificationCodeInput({
  value,
  onChange,
  onComplete,
  disabled,
  autoFocus,
  invalid,
  id,
  'aria-label': ariaLabel,
  className,
}: VerificationCodeInputProps) {
  const t = useT();
  return (
    <InputOTP
      id={id}
      maxLength={CODE_LENGTH}
      pattern={REGEXP_ONLY_DIGITS}
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      onChange={onChange}
      onComplete={onComplete}
      disabled={disabled}
      autoFocus={autoFocus}
      aria-label={ariaLabel ?? t('auth.codeLabel')}
      containerClassName={cn('justify-center', className)}
    >
      <InputOTPGroup>
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the cells are positions, fixed in number and order.
          <InputOTPSlot key={index} index={index} aria-invalid={invalid || undefined} className="size-11 text-lg" />
        ))}
      </InputOTPGroup>
    </InputOTP>
  );
}
