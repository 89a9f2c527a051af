import { HEX_COLOR } from '@loyalty/contracts';
import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDeferredCode } from '@/hooks/use-deferred-code';
import { useT } from '@/lib/i18n/use-t';
import type { SwatchProps } from './color-picker';

// The picker is only seen once a swatch is pressed: its code (popover and picker) is fetched then, or when a
// swatch is pointed at or focused, not with the screen.
const loadPicker = () => import('./color-picker');

/** A colour as a picker (react-colorful, in a popover) plus its hex text; both edit the same value. */
export function ColorField({
  id,
  label,
  value,
  onChange,
  onBlur,
  error,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const valid = HEX_COLOR.test(value.trim());
  const t = useT();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Swatch
          color={valid ? value.trim() : '#000000'}
          onChange={onChange}
          disabled={disabled}
          aria-label={t('walletSettings.pick', { label: label.toLowerCase() })}
          className="size-9 shrink-0 rounded-md border shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
          style={{ backgroundColor: valid ? value.trim() : 'transparent' }}
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          aria-invalid={!!error}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      </div>
      {error && <p className="text-destructive text-sm">{error}</p>}
    </div>
  );
}

/** The swatch: a stand-in with the closed popover trigger's attributes until the picker's code is there. */
function Swatch({ color, onChange, ...button }: SwatchProps) {
  const stand = React.useRef<HTMLButtonElement>(null);
  const { upgraded, upgrade, press, open, setOpen } = useDeferredCode(loadPicker, stand);
  if (upgraded) {
    const { ColorPicker } = upgraded.code;
    return (
      <ColorPicker
        {...button}
        color={color}
        onChange={onChange}
        open={open}
        onOpenChange={setOpen}
        autoFocus={upgraded.focus}
      />
    );
  }
  return (
    <button
      ref={stand}
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      {...button}
      onPointerEnter={upgrade}
      onFocus={upgrade}
      onClick={press}
    />
  );
}
