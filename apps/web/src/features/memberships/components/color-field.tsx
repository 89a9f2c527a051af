import { HexColorPicker } from 'react-colorful';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

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
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Color</Label>
      <div className="flex flex-wrap items-start gap-3">
        <HexColorPicker
          color={shown}
          onChange={onChange}
          aria-label="Color picker"
          style={{ width: 160, height: 120 }}
        />
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
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
