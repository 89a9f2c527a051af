import { INDUSTRIES } from '@loyalty/contracts';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { translateText } from '@/lib/i18n/translate-text';
import { useLocale } from '@/lib/i18n/use-t';

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
  const { locale } = useLocale();
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
                // Keyed by language too: Radix copies an item's text into its hidden native <option> only when the
                // item mounts, so a new language mounts new items.
                <SelectItem key={`${locale}:${industry}`} value={industry}>
                  {/* The contract's English names are the stored values; each is shown in the reader's language. */}
                  {translateText(industry)}
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
