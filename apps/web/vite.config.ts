import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { dedupePackages } from './build/dedupe-packages';
import { inlineCss } from './build/inline-css';
import { linguiCatalog } from './build/lingui-catalog';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { serverTexts } from './build/server-texts';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

// The dev server proxies /api (and /files, the uploaded images) so the browser talks to one origin, exactly as in production
// where the API serves the built app.
const port = Number(process.env.PORT ?? 3000);
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  // Scripts start Vite from the repository root with --config; the app root is this folder regardless.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    // One copy of each package version, however many folders npm left it in (Firebase's own helpers were twice
    // in every first load).
    dedupePackages(fileURLToPath(new URL('../../node_modules', import.meta.url))),
    // zod's JSON Schema writer, which every schema carries and the web app never calls.
    zodWithoutJsonSchema(),
    react(),
    tailwindcss(),
    // The language catalogues, compiled at build time and split into the sign-in part and the workspace part.
    linguiCatalog(),
    // The lazy chunks of each address, as src/app/routes.tsx loads them, requested with the first scripts.
    routePreloads({
      entry: 'index.html',
      public: {
        '/login': [],
        '/register': ['src/features/registration/register-page.tsx'],
        '/register/verify': ['src/features/registration/verify-page.tsx'],
      },
      workspace: ['src/app/workspace-gate.tsx', 'src/lib/member-identity.ts', 'src/lib/i18n/screen-messages.ts'],
      screens: {
        '/': ['src/features/dashboard/dashboard-page.tsx'],
        '/users': ['src/features/users/users-page.tsx'],
        '/members': ['src/features/members/members-page.tsx'],
        '/counter': ['src/features/counter/counter-page.tsx'],
        '/memberships': ['src/features/memberships/memberships-page.tsx'],
        '/wallet-settings': ['src/features/wallet-settings/wallet-settings-page.tsx'],
        '/point-settings': ['src/features/point-settings/point-settings-page.tsx'],
        '/store-settings': ['src/features/store-settings/store-settings-page.tsx'],
        '/enrolment': ['src/features/enrolment/enrolment-page.tsx'],
      },
    }),
    // The customer pages paint with their HTML: their small stylesheet is inside it.
    inlineCss('customer.html'),
    // The customer texts the API's server paint of /join/<slug> is written in (customer-texts.json).
    serverTexts(),
    // .br and .gz beside every file of the build, so the API serves compressed bytes without compressing.
    precompress(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Uploaded images are served by the API too.
      '/files': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hashed names let the API serve /assets with a long cache lifetime.
    assetsDir: 'assets',
    rolldownOptions: {
      // The admin app, and the customer pages (/join/<slug>, /card/<slug>) as a light entry of their own that
      // shares none of the admin's kit (the API sends customer.html for those addresses).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        customer: fileURLToPath(new URL('./customer.html', import.meta.url)),
      },
      output: {
        // React and Firebase change less often than the app: chunks of their own keep them cached across
        // deploys. Every other library stays with the lazy screen that imports it (no catch-all vendor chunk,
        // which would make /login download the charts, tables and colour pickers of the workspace).
        codeSplitting: {
          groups: [
            { name: 'firebase', test: /node_modules[\\/](@firebase|firebase)[\\/]/ },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            // The router apart from React: the customer pages use React without it.
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
});
