import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // Worker threads, not processes: every file still gets fresh modules, but the threads share one process, so
    // the embedded database's WebAssembly is compiled once rather than once per file (about 4 s each).
    pool: 'threads',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
