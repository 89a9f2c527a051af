import { ORDER_ID_MAX } from '@loyalty/contracts';
import * as React from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useT } from '@/lib/i18n/use-t';

export type OrderFields = { orderId: string; note: string };
const NOTE_MAX = 200;

/**
 * A purchase's optional order id and note (docs/design.md §9 Orders, refunds): the business's order, 1–64 visible
 * ASCII characters and unique per business, shown in the member's history and named by its refunds; the note, as
 * typed, in the history's Reason column (never on the customer's card). A refusal shows under its own field.
 */
export function PurchaseOrderFields({
  value,
  onChange,
  error,
  errorField,
}: {
  value: OrderFields;
  onChange: (value: OrderFields) => void;
  error: string | null;
  errorField: string | null;
}) {
  const t = useT();
  const orderRef = React.useRef<HTMLInputElement>(null);
  const noteRef = React.useRef<HTMLInputElement>(null);
  // The form puts the focus back on the amount after a refusal; one about these fields brings it here instead.
  React.useEffect(() => {
    if (!error) return;
    if (errorField === 'orderId') orderRef.current?.focus();
    if (errorField === 'note') noteRef.current?.focus();
  }, [error, errorField]);
  const field = (
    name: keyof OrderFields,
    label: string,
    max: number,
    ref: React.RefObject<HTMLInputElement | null>,
  ) => {
    const id = `counter-purchase-${name}`;
    const failed = error !== null && errorField === name;
    return (
      <div className="grid gap-1">
        <Label htmlFor={id} className="font-normal text-sm">
          {label}
        </Label>
        <Input
          id={id}
          ref={ref}
          value={value[name]}
          maxLength={max}
          autoComplete="off"
          spellCheck={name === 'note'}
          onChange={(event) => onChange({ ...value, [name]: event.target.value })}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? `${id}-error` : undefined}
        />
        {failed && (
          <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      {field('orderId', t('counter.orderId'), ORDER_ID_MAX, orderRef)}
      {field('note', t('counter.note'), NOTE_MAX, noteRef)}
    </div>
  );
}
