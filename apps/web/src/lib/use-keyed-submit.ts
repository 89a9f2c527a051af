import * as React from 'react';
import { ApiError, failureMessage } from '@/lib/api-error';
import { translateText } from '@/lib/i18n/translate-text';

/** The typed value as a number; nothing typed is NaN (which the schemas refuse), not 0. */
export const numberOf = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/** What a schema's safeParse answers, as far as the form reads it. */
type Parsed<B> =
  | { success: true; data: B }
  | { success: false; error: { issues: { message: string; path?: readonly PropertyKey[] }[] } };

/**
 * A one-value money form (record a purchase or redemption, refund a purchase): its value, the value input's
 * props (`field`) and the submit. One Idempotency-Key per intended transaction: made at the first press and
 * kept until the value changes or the server records it, so a double click or a retry after a lost answer
 * records once. The schema's or the server's refusal becomes `error`, and the focus goes back to the value.
 */
export function useKeyedSubmit<B, R>({
  initial = '',
  clearOnDone = false,
  pending,
  parse,
  send,
  onDone,
  describe = failureMessage,
  fieldOf = (failure) => Object.keys(failure.fieldErrors)[0],
}: {
  initial?: string;
  /** Empty the value once the server has recorded it. */
  clearOnDone?: boolean;
  /** The request is running: a second press does nothing. */
  pending: boolean;
  parse: (value: string) => Parsed<B>;
  send: (body: B, key: string) => Promise<R>;
  onDone: (result: R) => void;
  /** What a refusal says (default: the server's message in the reader's language). */
  describe?: (failure: unknown) => string;
  /** The body field a server refusal is about (default: the first of its `errors`). */
  fieldOf?: (failure: ApiError) => string | undefined;
}) {
  const [value, setValue] = React.useState(initial);
  const [error, setError] = React.useState<string | null>(null);
  // Which field of the body the refusal is about (a schema issue's path, the server's `errors`); null: the value.
  const [errorField, setErrorField] = React.useState<string | null>(null);
  const key = React.useRef<string | null>(null);
  const input = React.useRef<HTMLInputElement>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = parse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(translateText(issue?.message ?? ''));
      setErrorField(typeof issue?.path?.[0] === 'string' ? issue.path[0] : null);
      input.current?.focus();
      return;
    }
    setError(null);
    setErrorField(null);
    key.current ??= crypto.randomUUID();
    try {
      const result = await send(parsed.data, key.current);
      key.current = null;
      if (clearOnDone) setValue('');
      onDone(result);
    } catch (failure) {
      setError(describe(failure));
      setErrorField(failure instanceof ApiError ? (fieldOf(failure) ?? null) : null);
      // The button was disabled while the request ran, which drops the focus: back to the value to correct.
      input.current?.focus();
    }
  };

  const field = {
    ref: input,
    value,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      // A new value is a new transaction: the next press makes a new key.
      key.current = null;
      setValue(event.target.value);
    },
    autoComplete: 'off',
    'aria-invalid': error ? true : undefined,
  };

  /** Another field of the same transaction changed (an order id, a note): the next press is a new transaction. */
  const renew = () => {
    key.current = null;
  };

  return { value, error, errorField, submit, field, renew };
}
