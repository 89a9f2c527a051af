import { CalendarIcon } from 'lucide-react';
import * as React from 'react';
import { Labelled } from '@/components/labelled';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { dateLayout, dateText, dateToDay, dayToDate, parseDateText } from '@/lib/i18n/date-text';
import { useLocale, useT } from '@/lib/i18n/use-t';

// The month grid and its library come only when a reader opens a calendar: no screen pays for it at first load.
const Calendar = React.lazy(() => import('@/components/ui/calendar').then((m) => ({ default: m.Calendar })));

const PATTERN_KEYS = { year: 'dateField.year', month: 'dateField.month', day: 'dateField.day' } as const;

/**
 * A day, typed in the reader's language's order (11/29/2026, 2026/11/29) or picked from a calendar; the value
 * in and out is `YYYY-MM-DD` ('' while empty or not a day), as the API takes it. A text that is no day says so
 * at the field once the reader leaves it: unreadable, or a day the calendar does not have (31 April).
 * `error` is the screen's own message about a readable day (the end before the start); `describedBy` names a
 * message about a problem with this field that the screen shows elsewhere (the field is then marked invalid).
 */
export function DateField({
  id,
  label,
  value,
  onChange,
  required,
  error,
  describedBy,
  className,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  describedBy?: string;
  className?: string;
}) {
  const t = useT();
  const { locale } = useLocale();
  const [text, setText] = React.useState(() => dateText(value));
  const [left, setLeft] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const parsed = parseDateText(text);
  const typed = parsed.kind === 'date' ? parsed.iso : '';

  // A value set from outside (a reset, a period chosen elsewhere) or a new language shows in the reader's order;
  // an unfinished text stays while the value is '' because of it.
  const shownIn = React.useRef(locale);
  React.useEffect(() => {
    const relocalised = shownIn.current !== locale;
    shownIn.current = locale;
    const outside = value !== typed && (value !== '' || parsed.kind === 'date');
    if (relocalised ? value !== '' : outside) setText(dateText(value));
  }, [value, locale, typed, parsed.kind]);

  const { order, separator } = dateLayout(locale);
  const pattern = order.map((part) => t(PATTERN_KEYS[part])).join(separator);
  const own =
    left && parsed.kind === 'unreadable'
      ? t('dateField.unreadable', { pattern, example: dateText(dateToDay(new Date())) })
      : left && parsed.kind === 'notExist'
        ? t('dateField.notExist')
        : undefined;
  const message = own ?? error;
  const errorId = `${id}-error`;
  const described = [message ? errorId : undefined, describedBy].filter(Boolean).join(' ') || undefined;

  const type = (next: string) => {
    setText(next);
    const read = parseDateText(next);
    const iso = read.kind === 'date' ? read.iso : '';
    if (iso !== value) onChange(iso);
  };
  const pick = (date: Date | undefined) => {
    if (date) {
      const iso = dateToDay(date);
      setText(dateText(iso));
      setLeft(false);
      if (iso !== value) onChange(iso);
    }
    setOpen(false);
  };
  const choose = t('dateField.choose', { label });

  return (
    <Labelled id={id} label={label} className={className}>
      <Popover open={open} onOpenChange={setOpen}>
        <div className="relative w-40">
          <Input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder={pattern}
            className="pr-10 tabular-nums"
            value={text}
            required={required}
            onChange={(e) => type(e.target.value)}
            onBlur={() => setLeft(true)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') setLeft(true); // i18n-ignore: a key's name, not text
            }}
            aria-invalid={message || describedBy ? true : undefined}
            aria-describedby={described}
          />
          <PopoverTrigger asChild>
            <Button
              variant="ghost"
              size="icon"
              className="absolute top-0 right-0 text-muted-foreground"
              aria-label={choose}
              title={choose}
            >
              <CalendarIcon aria-hidden="true" />
            </Button>
          </PopoverTrigger>
        </div>
        <PopoverContent className="w-auto p-0" align="start" aria-label={choose}>
          <React.Suspense
            fallback={
              <p role="status" className="p-4 text-muted-foreground text-sm">
                {t('dateField.loading')}
              </p>
            }
          >
            <Calendar
              mode="single"
              required
              language={locale}
              selected={dayToDate(value)}
              defaultMonth={dayToDate(value)}
              onSelect={pick}
              autoFocus
            />
          </React.Suspense>
        </PopoverContent>
      </Popover>
      {message && (
        <p id={errorId} className="max-w-64 text-destructive text-sm">
          {message}
        </p>
      )}
    </Labelled>
  );
}
