import { INDUSTRIES } from '@loyalty/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The Industry row of registration (inside its Form). */
export function IndustrySelect({
  label,
  placeholder,
  disabled,
}: {
  label: string;
  placeholder: string;
  disabled: boolean;
}) {
  return (
    <FormField
      name="industry"
      render={({ field }) => (
        <FormItem id="register-industry" className="content-start">
          <FormLabel required>{label}</FormLabel>
          <Select
            value={field.value}
            onValueChange={field.onChange}
            // Validated when the list closes: validating while it is open would flag a choice not made yet.
            onOpenChange={(open) => !open && field.onBlur()}
            disabled={disabled}
          >
            <FormControl aria-required="true">
              <SelectTrigger className="w-full">
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {INDUSTRIES.map((industry) => (
                <SelectItem key={industry} value={industry}>
                  {industry}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
