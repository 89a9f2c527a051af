import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import type * as React from 'react';
import { DayPicker } from 'react-day-picker';
import { enUS, zhCN, zhTW } from 'react-day-picker/locale';
import { buttonVariants } from '@/components/ui/button';
import type { Locale } from '@/lib/i18n/locales';
import { cn } from '@/lib/utils';

/**
 * The month grid a date is picked from (shadcn's Calendar pattern over react-day-picker): weekday names, month
 * names and the screen reader's labels ("前往下個月", "今天，2026年11月29日星期日") in the reader's language, the
 * arrow keys, Home/End and Page Up/Down moving through days, weeks and months.
 */
const LOCALES = { en: enUS, 'zh-Hant': zhTW, 'zh-Hans': zhCN } as const;

const NAV_BUTTON = cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8 p-0 aria-disabled:opacity-50');

/** The month buttons' arrows (the screen reader hears the button's label: "Go to the Next Month"). */
function Chevron({ orientation, className }: { orientation?: 'up' | 'down' | 'left' | 'right'; className?: string }) {
  const Icon = orientation === 'left' ? ChevronLeftIcon : ChevronRightIcon;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

export function Calendar({
  language,
  className,
  ...props
}: React.ComponentProps<typeof DayPicker> & { language: Locale }) {
  return (
    <DayPicker
      showOutsideDays
      locale={LOCALES[language]}
      className={cn('p-3', className)}
      classNames={{
        root: 'relative w-fit',
        months: 'relative flex flex-col gap-4',
        month: 'flex w-full flex-col gap-4',
        nav: 'absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1',
        button_previous: NAV_BUTTON,
        button_next: NAV_BUTTON,
        month_caption: 'flex h-8 w-full items-center justify-center px-8',
        caption_label: 'select-none font-medium text-sm',
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'flex-1 select-none rounded-md font-normal text-muted-foreground text-xs',
        week: 'mt-1 flex w-full',
        day: 'relative size-9 select-none p-0 text-center text-sm',
        day_button: cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'size-9 font-normal tabular-nums aria-selected:opacity-100',
        ),
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
        today: '[&>button]:border [&>button]:border-primary',
        outside: 'text-muted-foreground',
        disabled: 'text-muted-foreground opacity-50',
        hidden: 'invisible',
      }}
      components={{ Chevron }}
      {...props}
    />
  );
}
