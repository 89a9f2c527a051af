import * as React from 'react';
import { useTakeFocus } from '@/hooks/use-deferred-code';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from './ui/select';

export type SelectOption = { value: string; label: string };

export type SelectMenuProps = {
  id: string;
  value: string;
  options: readonly SelectOption[];
  onValueChange: (value: string) => void;
  disabled?: boolean;
  className?: string;
  /** Opened by a press made while this code was loading. */
  defaultOpen: boolean;
  /** Takes the focus the stand-in trigger had. */
  autoFocus: boolean;
};

/** The real select behind DeferredSelect (its own chunk). */
export function SelectMenu({
  id,
  value,
  options,
  onValueChange,
  disabled,
  className,
  defaultOpen,
  autoFocus,
}: SelectMenuProps) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, autoFocus, defaultOpen);
  return (
    <Select value={value} onValueChange={onValueChange} disabled={disabled} defaultOpen={defaultOpen}>
      <SelectTrigger ref={trigger} id={id} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option.value} value={option.value}>
            {option.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
