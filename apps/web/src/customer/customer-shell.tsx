import type { PublicJoinInfo } from '@loyalty/contracts';
import type * as React from 'react';
import { LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { readableOn } from './brand-colors';

export type Branding = Pick<
  PublicJoinInfo,
  'storeName' | 'logoUrl' | 'backgroundColor' | 'foregroundColor' | 'labelColor'
>;

/** The tenant's colours as the variables the pages' classes read (customer.css), text kept readable. */
export function brandStyle(branding: Branding | null): React.CSSProperties {
  if (!branding) return {};
  const background = branding.backgroundColor;
  return {
    '--brand-bg': background,
    '--brand-fg': readableOn(background, branding.foregroundColor),
    '--brand-label': readableOn(background, branding.labelColor),
  } as React.CSSProperties;
}

function LanguageSwitch() {
  const t = useT();
  const { locale, setLocale } = useLocale();
  return (
    <select
      aria-label={t('language.label')}
      value={locale}
      onChange={(event) => void setLocale(event.target.value as Locale)}
      className="rounded-md border border-current bg-transparent px-2 py-1 text-sm text-[var(--brand-fg)] [&>option]:text-black"
    >
      {LOCALES.map((code) => (
        <option key={code} value={code}>
          {LOCALE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}

/** The band in the tenant's colours (logo, store name, language) over the page's content. */
export function CustomerShell({ branding, children }: { branding: Branding | null; children: React.ReactNode }) {
  return (
    <div style={brandStyle(branding)} className="min-h-dvh">
      <header className="bg-[var(--brand-bg)] text-[var(--brand-fg)]">
        <div className="mx-auto flex min-h-16 max-w-md items-center gap-3 px-4 py-3">
          {branding?.logoUrl ? (
            <img
              src={branding.logoUrl}
              alt=""
              width={40}
              height={40}
              className="h-10 w-10 shrink-0 rounded-md object-contain"
            />
          ) : null}
          <p className="min-w-0 flex-1 truncate text-lg font-semibold">{branding?.storeName ?? ''}</p>
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto max-w-md px-4 pt-5 pb-10">{children}</main>
    </div>
  );
}

/** A full-width button in the tenant's colours. */
export function BrandButton(props: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      {...props}
      className="h-12 w-full rounded-lg bg-[var(--brand-bg)] px-4 text-base font-semibold text-[var(--brand-fg)] shadow-sm disabled:opacity-60"
    />
  );
}

export const inputClass =
  'h-12 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base outline-none focus:border-zinc-900 focus:ring-2 focus:ring-zinc-900/20 aria-[invalid=true]:border-red-600';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}
