import { CheckIcon, ChevronsUpDownIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Command,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
  CommandSeparator,
} from '@/components/ui/command';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';
import type { Country } from './countries';
import { countryName, groupCountries } from './phone-utils';

interface CountryPickerProps {
  value: Country;
  onChange: (country: Country) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** The dial-code button of the phone field with its searchable list (docs/spec/access-and-identity.md §2 "The phone field"). */
export function CountryPicker({ value, onChange, disabled, invalid }: CountryPickerProps) {
  const t = useT();
  const [open, setOpen] = React.useState(false);
  const [query, setQuery] = React.useState('');
  const groups = React.useMemo(() => groupCountries(query), [query]);

  const choose = (country: Country) => {
    setOpen(false);
    setQuery('');
    onChange(country);
  };

  const item = (country: Country) => (
    <CommandItem key={country.code} value={country.code} onSelect={() => choose(country)}>
      <CheckIcon className={cn('size-4', country.code === value.code ? 'opacity-100' : 'opacity-0')} />
      <span className="flex-1 truncate">{countryName(country)}</span>
      <span className="text-muted-foreground text-xs tabular-nums">{country.dial_code}</span>
    </CommandItem>
  );

  return (
    // modal: lets the list scroll with the wheel when the field sits inside a dialog.
    <Popover open={open} onOpenChange={setOpen} modal>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="outline"
          role="combobox"
          aria-expanded={open}
          aria-label={t('phone.countryCode', { name: countryName(value), dial: value.dial_code })}
          aria-invalid={invalid || undefined}
          disabled={disabled}
          className="shrink-0 gap-1 rounded-r-none border-r-0 px-3 font-normal"
        >
          <span className="text-muted-foreground text-xs">{value.code}</span>
          <span className="tabular-nums">{value.dial_code}</span>
          <ChevronsUpDownIcon className="size-3.5 opacity-50" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-72 p-0" align="start">
        {/* Filtering is ours (accent-insensitive, by code and dial digits); cmdk's fuzzy match is not. */}
        <Command shouldFilter={false}>
          <CommandInput placeholder={t('phone.search')} value={query} onValueChange={setQuery} />
          <CommandList>
            <CommandEmpty>{t('phone.noCountry')}</CommandEmpty>
            {groups.priority.length > 0 && (
              <CommandGroup heading={t('phone.priority')}>{groups.priority.map(item)}</CommandGroup>
            )}
            {groups.priority.length > 0 && groups.others.length > 0 && <CommandSeparator />}
            {groups.others.length > 0 && (
              <CommandGroup heading={t('phone.allCountries')}>{groups.others.map(item)}</CommandGroup>
            )}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
