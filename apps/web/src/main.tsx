import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/components/theme-provider';
import { initializeFirebase } from '@/lib/auth';
import './index.css';

// Applied before the first render so a dark-theme user never sees a light flash.
applyTheme(readStoredTheme());

// Every screen waits for Firebase (config from the API, then the stored session): start now, alongside the
// first screen's code, rather than after React's first commit. AuthProvider shares this same promise and
// reports a failure (a failed attempt is retried there).
initializeFirebase().catch(() => {});

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
