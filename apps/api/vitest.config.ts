import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    // Worker threads, not processes: every file still gets fresh modules, but the threads share one process, so
    // the embedded database's WebAssembly is compiled once rather than once per file (about 4 s each).
    pool: 'threads',
    // Files share a worker's modules (no fresh import per file): importing the app's modules cost about 4 s of CPU per
    // file, a third of the API suite's (docs/capacity.md, "The suite's time"). Every test builds its own app on its
    // own database and tenants, so nothing a file leaves in a module reaches another file's answers.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
