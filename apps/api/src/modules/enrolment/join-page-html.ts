import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { LANGUAGE_NAMES, LANGUAGES, type Language, type PublicJoinInfo, readableOn } from '@loyalty/contracts';
import { escapeHtml } from '../../lib/escape-html';

/** The customer pages' compiled texts per language, as the web build writes them (customer-texts.json). */
export type ServerTexts = Record<Language, Messages>;

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` as \u escapes, so no `</script>` or
 * `<!--` in a tenant's text ends the block early; U+2028/2029 too, for any reader that evaluates it as script.
 * JSON.parse reads the escapes back as the same characters.
 */
const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`,
  );

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * The shell's colour variables (customer-shell.tsx brandStyle, the same readable-text rule), only for #rrggbb
 * values: anything else keeps the stylesheet's neutral colours, as the page would show them.
 */
function brandStyle(info: PublicJoinInfo): string {
  const background = info.backgroundColor;
  if (!HEX_COLOR.test(background)) return '';
  const vars = [`--brand-bg:${background}`];
  const fg = readableOn(background, info.foregroundColor);
  const label = readableOn(background, info.labelColor);
  if (HEX_COLOR.test(fg)) vars.push(`--brand-fg:${fg}`);
  if (HEX_COLOR.test(label)) vars.push(`--brand-label:${label}`);
  return vars.join(';');
}

// The class lists of customer-shell.tsx and join-page.tsx, so the stylesheet inlined in customer.html (which
// Tailwind builds from src/customer) styles this markup, and React's first render lays out to the same boxes.
const INPUT =
  'h-12 w-full rounded-lg border border-zinc-300 bg-white px-3 text-base outline-none focus:border-zinc-900 focus:ring-2 focus:ring-zinc-900/20 aria-[invalid=true]:border-red-600';
const SWITCH =
  'rounded-md border border-current bg-transparent px-2 py-1 text-sm text-[var(--brand-fg)] [&>option]:text-black';
const BUTTON =
  'h-12 w-full rounded-lg bg-[var(--brand-bg)] px-4 text-base font-semibold text-[var(--brand-fg)] shadow-sm disabled:opacity-60';

/** The join page's first screen (the shell and the phone step) as JoinSteps renders it, before React runs. */
function firstScreen(info: PublicJoinInfo, locale: Language, i18n: I18n): string {
  const t = (key: string, values?: Record<string, string | number>) => escapeHtml(i18n._(key, values));
  const logo = info.logoUrl
    ? `<img src="${escapeHtml(info.logoUrl)}" alt="" width="40" height="40" class="h-10 w-10 shrink-0 rounded-md object-contain">`
    : '';
  const languages = LANGUAGES.map(
    (code) =>
      `<option value="${code}"${code === locale ? ' selected' : ''}>${escapeHtml(LANGUAGE_NAMES[code])}</option>`,
  ).join('');
  const welcome =
    info.welcomePoints > 0
      ? `<p class="mt-1 text-zinc-700">${t('customer.welcomePoints', { points: info.welcomePoints })}</p>`
      : '';
  // The country list comes with React (it names the countries in the page's language): an empty picker of the
  // same size until then.
  return [
    `<div style="${escapeHtml(brandStyle(info))}" class="min-h-dvh">`,
    '<header class="bg-[var(--brand-bg)] text-[var(--brand-fg)]">',
    '<div class="mx-auto flex min-h-16 max-w-md items-center gap-3 px-4 py-3">',
    logo,
    `<p class="min-w-0 flex-1 truncate text-lg font-semibold">${escapeHtml(info.storeName)}</p>`,
    `<select aria-label="${t('language.label')}" class="${SWITCH}">${languages}</select>`,
    '</div></header>',
    '<main class="mx-auto max-w-md px-4 pt-5 pb-10">',
    `<h1 class="text-2xl font-bold">${t('customer.joinTitle', { store: info.storeName })}</h1>`,
    welcome,
    '<div class="mt-6"><form novalidate class="space-y-4">',
    `<div><label for="join-country" class="mb-1 block text-sm font-medium">${t('customer.countryLabel')}</label>`,
    `<select id="join-country" class="${INPUT}"></select></div>`,
    `<div><label for="join-phone" class="mb-1 block text-sm font-medium">${t('customer.phoneLabel')}</label>`,
    `<input id="join-phone" type="tel" inputmode="tel" autocomplete="tel-national" class="${INPUT}"></div>`,
    `<button type="submit" class="${BUTTON}">${t('customer.sendCode')}</button>`,
    `<p class="text-sm text-zinc-600">${t('customer.smsNote')}</p>`,
    '</form></div></main></div>',
  ].join('');
}

/** The id of the branding block the page reads instead of asking GET /api/public/join/{slug} (public-api.ts). */
const JOIN_DATA_ID = 'join-data';

/**
 * customer.html as the answer to /join/<slug>: in the customer's language, titled with the store's name, the
 * branding inlined as a JSON data block (not a script: nothing executes, the CSP is untouched) and the first
 * screen inside #root, which React replaces with the same boxes. The preload script is left out: its only job,
 * fetching the branding early, is done.
 */
export function joinPageHtml(template: string, info: PublicJoinInfo, locale: Language, i18n: I18n): string {
  const data = `<script type="application/json" id="${JOIN_DATA_ID}">${jsonForScript(info)}</script>`;
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${locale}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(info.storeName)}</title>`)
    .replace(/\s*<script[^>]*src="\/customer-preload\.js"[^>]*><\/script>/, '')
    .replace('</head>', () => `  ${data}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${firstScreen(info, locale, i18n)}</div>`);
}

/** One Lingui instance per language over the build's texts; a language missing from the file reads English. */
export function serverI18n(texts: ServerTexts): Record<Language, I18n> {
  const entries = LANGUAGES.map((locale) => {
    const i18n = setupI18n({ locale, messages: { [locale]: texts[locale] ?? texts.en ?? {} } });
    return [locale, i18n] as const;
  });
  return Object.fromEntries(entries) as Record<Language, I18n>;
}
