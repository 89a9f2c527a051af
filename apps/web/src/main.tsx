import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { applyTheme, readStoredTheme } from '@/components/theme-provider';
import './index.css';

// Applied before the first render so a dark-theme user never sees a light flash.
applyTheme(readStoredTheme());

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
