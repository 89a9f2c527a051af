import type { FieldError } from 'react-hook-form';

/** Every message of a field (the form collects all of them: criteriaMode 'all', spec §4). */
export function fieldMessages(error: FieldError | undefined): string[] {
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

export function FieldMessages({ id, error }: { id: string; error: FieldError | undefined }) {
  const messages = fieldMessages(error);
  if (messages.length === 0) return null;
  return (
    <div id={id} className="grid gap-1">
      {messages.map((message) => (
        <p key={message} className="text-destructive text-sm">
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * "Business Name*": the star is drawn by CSS so it stays out of the label's text and accessible name
 * (the field is marked aria-required instead).
 */
export const REQUIRED_LABEL = "after:-ml-1.5 after:text-destructive after:content-['*'_/_'']";
