import { INDUSTRIES } from '@loyalty/contracts';
import type { FieldError } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FieldMessages, REQUIRED_LABEL } from './field-messages';

interface IndustrySelectProps {
  value: string;
  onChange: (value: string) => void;
  /** Called when the list closes: validating while it is open would flag a choice not made yet. */
  onBlur: () => void;
  error: FieldError | undefined;
  disabled?: boolean;
}

export function IndustrySelect({ value, onChange, onBlur, error, disabled }: IndustrySelectProps) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor="register-industry" className={REQUIRED_LABEL}>
        Industry
      </Label>
      <Select value={value} onValueChange={onChange} onOpenChange={(open) => !open && onBlur()} disabled={disabled}>
        <SelectTrigger
          id="register-industry"
          className="w-full"
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'register-industry-error' : undefined}
        >
          <SelectValue placeholder="Select your industry" />
        </SelectTrigger>
        <SelectContent>
          {INDUSTRIES.map((industry) => (
            <SelectItem key={industry} value={industry}>
              {industry}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FieldMessages id="register-industry-error" error={error} />
    </div>
  );
}
