import { PlusIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Benefits in order: added by button or Enter (never blank), removed one by one. */
export function BenefitsField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = React.useState('');
  const add = () => {
    const benefit = draft.trim();
    if (!benefit) return;
    onChange([...value, benefit]);
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="membership-benefit">Benefits</Label>
      <div className="flex gap-2">
        <Input
          id="membership-benefit"
          value={draft}
          maxLength={200}
          placeholder="Add a benefit"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          <PlusIcon aria-hidden="true" />
          Add
        </Button>
      </div>
      {error && <p className="text-destructive text-sm">{error}</p>}
      {value.length > 0 && (
        <ul aria-label="Benefits" className="grid gap-1">
          {value.map((benefit, index) => (
            <li
              // Benefits may repeat; their place in the list is what identifies them.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm"
            >
              <span className="min-w-0 break-words">{benefit}</span>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={`Remove ${benefit}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
