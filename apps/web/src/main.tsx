import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/components/theme-provider';
import { initializeFirebase } from '@/lib/auth';
import { initialLocale, setLocale } from '@/lib/i18n/i18n';
import { DEFAULT_LOCALE } from '@/lib/i18n/locales';
import './index.css';

// Applied before the first render so a dark-theme user never sees a light flash.
applyTheme(readStoredTheme());

// Every screen waits for Firebase (config from the API, then the stored session): start now, alongside the
// first screen's code, rather than after React's first commit. AuthProvider shares this same promise and
// reports a failure (a failed attempt is retried there).
initializeFirebase().catch(() => {});

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html'); // i18n-ignore: a build error

const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// English is in the first chunk; another language's texts are fetched before the first render, so no screen ever
// shows in the wrong language first (if that fetch fails, English shows rather than nothing).
const locale = initialLocale();
if (locale === DEFAULT_LOCALE) render();
else
  setLocale(locale)
    .catch(() => {})
    .finally(render);
