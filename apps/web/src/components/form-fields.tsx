/** The kit's ready rows: a labelled text input or native select of the form in context, message below. */
import type * as React from 'react';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { FormControl, FormInputField, FormItem, FormLabel, FormMessage } from './ui/form';

type RowProps = {
  /** The control's id (its message is `${id}-error`). */
  id: string;
  /** The form value it edits. */
  name: string;
  label: string;
  className?: string;
  /** false: no message under the row (a pair of fields shares one, shown by the caller). */
  ownMessage?: boolean;
  /** A star after the label and aria-required on the control (registration). */
  markRequired?: boolean;
};

export type TextFieldProps = RowProps & { multiline?: boolean; rows?: number } & Omit<
    React.ComponentProps<'input'>,
    'id' | 'name' | 'className'
  >;

/** A labelled input (or, `multiline`, a textarea) with its message below; `className` is the row's. */
export function TextField({
  id,
  name,
  label,
  className,
  ownMessage,
  markRequired,
  multiline,
  ...input
}: TextFieldProps) {
  return (
    <FormInputField
      name={name}
      render={(registration) => (
        <FormItem id={id} className={className} ownMessage={ownMessage}>
          <FormLabel required={markRequired}>{label}</FormLabel>
          <FormControl aria-required={markRequired ? 'true' : undefined}>
            {multiline ? (
              <Textarea {...(input as React.ComponentProps<'textarea'>)} {...registration} />
            ) : (
              <Input
                {...input}
                // Read-only rows (filled by Google, or fixed) look settled rather than disabled.
                className={input.readOnly ? READ_ONLY : undefined}
                {...registration}
              />
            )}
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const READ_ONLY = 'bg-muted text-muted-foreground focus-visible:ring-0';

export type Choice = { value: string; label: string; disabled?: boolean };

/** The options of a native select, one a choice. */
export function ChoiceOptions({ choices }: { choices: Choice[] }) {
  return choices.map((choice) => (
    <option key={choice.value} value={choice.value} disabled={choice.disabled}>
      {choice.label}
    </option>
  ));
}

/** A native select: keyboard, screen readers and phones handle it as users expect. */
export function SelectField({ id, name, label, choices }: RowProps & { choices: Choice[] }) {
  return (
    <FormInputField
      name={name}
      render={(registration) => (
        <FormItem id={id}>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <select
              className={cn(
                'h-9 w-full rounded-md border border-input bg-transparent px-3 py-1 text-sm shadow-xs outline-none',
                'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring dark:bg-input/30',
                'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
              )}
              {...registration}
            >
              <ChoiceOptions choices={choices} />
            </select>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
