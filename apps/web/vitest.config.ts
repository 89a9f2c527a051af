import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { linguiCatalog } from './build/lingui-catalog.ts';

export default defineProject({
  plugins: [react(), linguiCatalog()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    // Some screen tests walk a whole flow (three tabs of a form, typing, saving): on a busy 2-core CI machine they
    // take several seconds. A real absence still fails fast: every findBy* waits 5 s (src/test/setup.ts).
    testTimeout: 20_000,
    setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
  },
});
