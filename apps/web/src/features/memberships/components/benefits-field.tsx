import { PlusIcon, XIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { MessageKey } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';

/** Enter in the benefit box adds it, as the Add button does. */
const ADD_KEY = 'Enter'; // i18n-ignore: a key name

/** Benefits in order: added by button or Enter (never blank), removed one by one. */
export function BenefitsField({
  value,
  onChange,
  error,
  id = 'membership-benefit',
  label = 'memberships.benefits',
  lang,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error?: string;
  /** The Chinese benefits use the same field with their own id, label and language. */
  id?: string;
  label?: MessageKey;
  lang?: string;
}) {
  const [draft, setDraft] = React.useState('');
  const t = useT();
  const add = () => {
    const benefit = draft.trim();
    if (!benefit) return;
    onChange([...value, benefit]);
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{t(label)}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          lang={lang}
          value={draft}
          maxLength={200}
          placeholder={t('memberships.addBenefit')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === ADD_KEY) {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={add} disabled={!draft.trim()}>
          <PlusIcon aria-hidden="true" />
          {t('memberships.addButton')}
        </Button>
      </div>
      {error && <p className="text-destructive text-sm">{translateText(error)}</p>}
      {value.length > 0 && (
        <ul aria-label={t(label)} lang={lang} className="grid gap-1">
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
                aria-label={t('memberships.removeBenefit', { benefit })}
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
