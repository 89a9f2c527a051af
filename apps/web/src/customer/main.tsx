import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initialLocale, setLocale } from '@/lib/i18n/i18n';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import { CustomerApp } from './customer-app';
import { addCustomerTexts } from './customer-texts';
import { inlinedJoinInfo, startJoinInfo } from './public-api';
import { routeOf } from './route';
import './customer.css';

// The customer pages' own entry (customer.html): React, the i18n core and the join page; the card page, QR and
// barcode code and Firebase come later, only when needed.
const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from customer.html'); // i18n-ignore: a build error

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <CustomerApp />
    </StrictMode>,
  );

// The branding is asked for now, alongside the language's texts, not after the first render; the join page the
// API painted carries it already.
const route = routeOf(location.pathname);
if (route && !inlinedJoinInfo(route.slug)) startJoinInfo(route.slug);

// The browser's language (zh-HK/TW → Traditional, zh-CN/SG → Simplified) or the one picked before; its texts
// are fetched before the first render so no text flashes in English first.
// Its own texts' English is in this chunk; another language's come with that language's (setLocale below).
addCustomerTexts().catch(() => {});
const locale = initialLocale();
document.documentElement.lang = locale;
if (locale === DEFAULT_LOCALE) render();
else
  setLocale(locale)
    .catch(() => {})
    .finally(render);
