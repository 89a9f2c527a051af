import * as React from 'react';
import { HexColorPicker } from 'react-colorful';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** Colour picker plus hex text (spec: Basic Info colour); the picker follows the text once it is a full hex. */
export function ColorField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const shown = HEX.test(value) ? value : '#000000';
  const t = useT();
  const pickerRef = React.useRef<HTMLDivElement>(null);
  // react-colorful names its two sliders in English ("Color", "Hue") and takes no prop for them: they are renamed
  // here in the active language (React leaves the attributes alone afterwards: their props never change).
  React.useEffect(() => {
    const picker = pickerRef.current;
    const name = (part: string, label: string) =>
      picker?.querySelector(`.react-colorful__${part} .react-colorful__interactive`)?.setAttribute('aria-label', label);
    name('saturation', t('memberships.colorArea'));
    name('hue', t('memberships.hue'));
  }, [t]);
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t('memberships.color')}</Label>
      <div className="flex flex-wrap items-start gap-3">
        <div ref={pickerRef}>
          <HexColorPicker
            color={shown}
            onChange={onChange}
            aria-label={t('memberships.colorPicker')}
            style={{ width: 160, height: 120 }}
          />
        </div>
        <div className="grid gap-2">
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="size-8 rounded border" style={{ backgroundColor: shown }} />
            <Input
              id={id}
              value={value}
              maxLength={7}
              className="w-28 font-mono"
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => onChange(event.target.value)}
            />
          </div>
          {error && (
            <p id={`${id}-error`} className="text-destructive text-sm">
              {translateText(error)}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
