import * as React from 'react';
import { HexColorPicker } from 'react-colorful';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useTakeFocus } from '@/hooks/use-deferred-code';

export type SwatchProps = Omit<React.ComponentProps<'button'>, 'color' | 'onChange'> & {
  /** The picker's colour (a valid hex). */
  color: string;
  onChange: (value: string) => void;
};

/**
 * The swatch's popover with react-colorful in it: a chunk of its own, fetched when a swatch is pointed at,
 * focused or pressed (ColorField), so the wallet screen's first load carries neither the picker nor Radix
 * Popover and its positioning code.
 */
export function ColorPicker({
  color,
  onChange,
  open,
  onOpenChange,
  autoFocus,
  ...swatch
}: SwatchProps & { open: boolean; onOpenChange: (open: boolean) => void; autoFocus: boolean }) {
  const trigger = React.useRef<HTMLButtonElement>(null);
  useTakeFocus(trigger, autoFocus, open);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <button ref={trigger} type="button" {...swatch} />
      </PopoverTrigger>
      <PopoverContent className="w-auto p-3" align="start">
        <HexColorPicker color={color} onChange={onChange} />
      </PopoverContent>
    </Popover>
  );
}
