/**
 * The form kit, in the shadcn style: react-hook-form's context (Form), one field (FormField, a Controller)
 * and the parts of its row (FormItem, FormLabel, FormControl, FormDescription, FormMessage), tied together
 * by the item's id. Unlike shadcn's, the id is given (the spec, the tests and the e2e tests name fields by
 * it), the message is `${id}-error`, and `aria-invalid` / `aria-describedby` are set only while the field
 * is in error, as the screens always did.
 */
import { Slot } from 'radix-ui';
import * as React from 'react';
import {
  Controller,
  type ControllerProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  FormProvider,
  get,
  type RegisterOptions,
  type UseFormRegisterReturn,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';

export const Form = FormProvider;

const FormFieldContext = React.createContext<{ name: string } | null>(null);

/** A field held by a Controller: for controls that are not native inputs (switches, selects, phone, colour). */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TTransformed = TValues>(
  props: ControllerProps<TValues, TName, TTransformed>,
) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

/**
 * A native input's or select's field: registered (uncontrolled, as react-hook-form prefers for them: typing
 * re-renders nothing) rather than a Controller; `render` spreads the registration on the element.
 */
export function FormInputField({
  name,
  options,
  render,
}: {
  name: string;
  options?: RegisterOptions;
  render: (registration: UseFormRegisterReturn) => React.ReactNode;
}) {
  const { register } = useFormContext();
  return <FormFieldContext.Provider value={{ name }}>{render(register(name, options))}</FormFieldContext.Provider>;
}

type ItemState = { id: string; messageId: string | undefined; name: string; error: FieldError | undefined };
const FormItemContext = React.createContext<ItemState | null>(null);

/**
 * The field's id, its message's id and its error, from the enclosing FormItem. The item reads the form's
 * errors once for all its parts, and nothing else: a subscription per part, or to the validating state,
 * would re-render every row on every keystroke.
 */
export function useFormField(): ItemState {
  const item = React.useContext(FormItemContext);
  if (!item) throw new Error('useFormField is for the parts of a FormItem inside a FormField');
  return item;
}

/**
 * One row: label, control, description and message, laid out as a grid. `id` is the control's id;
 * `ownMessage` false: the row shows no message of its own (a pair of fields shares one).
 */
export function FormItem({
  id,
  ownMessage = true,
  className,
  ...props
}: React.ComponentProps<'div'> & { id: string; ownMessage?: boolean }) {
  const field = React.useContext(FormFieldContext);
  if (!field) throw new Error('FormItem belongs inside a FormField');
  const { errors } = useFormState({ name: field.name });
  const error = get(errors, field.name) as FieldError | undefined;
  // A field whose message is said elsewhere (one message for a pair of fields) points at none.
  const messageId = ownMessage ? `${id}-error` : undefined;
  return (
    <FormItemContext.Provider value={{ id, messageId, name: field.name, error }}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

/**
 * "Business Name*": the star is drawn by CSS so it stays out of the label's text and accessible name
 * (the control is marked aria-required instead).
 */
export const REQUIRED_LABEL = "after:-ml-1.5 after:text-destructive after:content-['*'_/_'']";

/** The field's label; `required` adds the star (the caller marks the control aria-required). */
export function FormLabel({
  required,
  className,
  ...props
}: React.ComponentProps<typeof Label> & { required?: boolean }) {
  const { id } = useFormField();
  return <Label data-slot="form-label" htmlFor={id} className={cn(required && REQUIRED_LABEL, className)} {...props} />;
}

/** Gives its one child the field's id and, while in error, aria-invalid and the message as its description. */
export function FormControl(props: React.ComponentProps<typeof Slot.Root>) {
  const { id, messageId, error } = useFormField();
  return (
    <Slot.Root
      data-slot="form-control"
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={error && messageId ? messageId : undefined}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  return <p data-slot="form-description" className={cn('text-muted-foreground text-xs', className)} {...props} />;
}

/** Every message of an error: all of them when the form collects them (criteriaMode 'all'), else the one. */
export function errorMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const messages = new Set<string>();
  for (const value of Object.values(error.types ?? {})) {
    for (const message of Array.isArray(value) ? value : [value]) {
      if (typeof message === 'string' && message) messages.add(message);
    }
  }
  if (messages.size === 0 && error.message) messages.add(error.message);
  return [...messages];
}

/** The field's message(s) under it, or nothing; `show` false holds them back (e.g. until touched). */
export function FormMessage({ show = true }: { show?: boolean }) {
  const { messageId, error } = useFormField();
  if (!messageId) return null;
  return <ErrorMessages id={messageId} messages={show ? errorMessages(error) : []} />;
}

/** The message paragraph(s) themselves, for a control that is not a FormField (several messages: a list). */
export function ErrorMessages({ id, messages: english }: { id: string; messages: string[] }) {
  // Contract and server messages come in English; shown in the active language (re-rendered when it changes).
  useT();
  const messages = english.map(translateText);
  if (messages.length === 0) return null;
  if (messages.length === 1) {
    return (
      <p id={id} data-slot="form-message" className="text-destructive text-sm">
        {messages[0]}
      </p>
    );
  }
  return (
    <div id={id} data-slot="form-message" className="grid gap-1">
      {messages.map((message) => (
        <p key={message} className="text-destructive text-sm">
          {message}
        </p>
      ))}
    </div>
  );
}
