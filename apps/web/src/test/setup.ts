import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { dismissToast } from '@/components/ui/use-toast';
import { addCustomerTexts } from '@/customer/customer-texts';
import { i18n, loadWorkspaceMessages } from '@/lib/i18n/i18n';
import { fakeMatchMedia } from './match-media';

// Screens render here without the workspace route that fetches their texts: English is loaded whole (the customer
// pages' part too, which their entry adds), and a test that switches language leaves English behind it.
await Promise.all([loadWorkspaceMessages(), addCustomerTexts()]);
afterEach(() => {
  if (i18n.locale !== 'en') i18n.activate('en');
  document.documentElement.lang = 'en';
});

// Screens are lazy chunks (routes.tsx): on a loaded CI machine the first import of one can take longer than
// Testing Library's default 1 s wait, so findBy* waits up to 10 s: `npm test` runs these beside the API suite on
// two cores (scripts/test.mjs), where a first import took over 5 s; a real absence still fails within the test.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout engine; these are the browser APIs Radix and the sidebar ask for.
window.matchMedia ??= fakeMatchMedia(() => false);
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// Radix menus and selects call these pointer and scrolling APIs.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  // The toast store lives at module level; close what a test left open.
  dismissToast();
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split('; ').filter(Boolean)) {
    const name = cookie.split('=')[0];
    // biome-ignore lint/suspicious/noDocumentCookie: resetting cookies between tests.
    document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.documentElement.className = '';
});

// Files of the `web` and `web-api` projects share one window (vitest.projects.ts): what a file spied on, stubbed or
// navigated to is put back before the next file runs in it.
afterAll(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});
