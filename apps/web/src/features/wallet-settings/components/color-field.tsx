import { HEX_COLOR } from '@loyalty/contracts';
import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { useT } from '@/lib/i18n/use-t';

// The picker is only seen once a swatch is pressed: it is fetched then (or when a swatch is pointed at or
// focused), not with the screen.
const loadPicker = () => import('react-colorful');
const HexColorPicker = React.lazy(async () => ({ default: (await loadPicker()).HexColorPicker }));
const preloadPicker = () => {
  loadPicker().catch(() => {
    // Opening the popover loads it again and reports a failure there.
  });
};

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
        <Popover>
          <PopoverTrigger asChild>
            <button
              type="button"
              disabled={disabled}
              aria-label={t('walletSettings.pick', { label: label.toLowerCase() })}
              onPointerEnter={preloadPicker}
              onFocus={preloadPicker}
              className="size-9 shrink-0 rounded-md border shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50"
              style={{ backgroundColor: valid ? value.trim() : 'transparent' }}
            />
          </PopoverTrigger>
          <PopoverContent className="w-auto p-3" align="start">
            {/* react-colorful's own size, so the popover does not grow when the picker arrives. */}
            <React.Suspense fallback={<div className="h-[200px] w-[200px]" />}>
              <HexColorPicker color={valid ? value.trim() : '#000000'} onChange={onChange} />
            </React.Suspense>
          </PopoverContent>
        </Popover>
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
