import { ErrorMessages, errorMessages, FormField } from '@/components/ui/form';

/** A group of native checkboxes holding one array value of the form in context (scopes, events). */
export function CheckboxGroupField({
  id,
  name,
  legend,
  choices,
}: {
  id: string;
  name: string;
  legend: string;
  choices: { value: string; label: string; hint?: string }[];
}) {
  return (
    <FormField
      name={name}
      render={({ field, fieldState }) => {
        const chosen = (field.value as string[] | undefined) ?? [];
        const toggle = (value: string, on: boolean) =>
          field.onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
        return (
          <fieldset
            id={id}
            className="grid gap-2"
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            <legend className="mb-1 font-medium text-sm">{legend}</legend>
            {choices.map((choice) => (
              <label key={choice.value} className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4 accent-primary"
                  checked={chosen.includes(choice.value)}
                  onChange={(event) => toggle(choice.value, event.target.checked)}
                  onBlur={field.onBlur}
                />
                <span>
                  <span className="font-mono">{choice.label}</span>
                  {/* A space, so the name a screen reader hears is "points.earned Points earned", not one word. */}
                  {choice.hint && ' '}
                  {choice.hint && <span className="block text-muted-foreground text-xs">{choice.hint}</span>}
                </span>
              </label>
            ))}
            <ErrorMessages id={`${id}-error`} messages={errorMessages(fieldState.error)} />
          </fieldset>
        );
      }}
    />
  );
}
