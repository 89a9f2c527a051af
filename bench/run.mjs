#!/usr/bin/env node
// `npm run bench`: measures, in one run, how much a database round trip costs against a request that does
// no I/O (GET /api/ready vs GET /api/health on embedded PGlite), and the size of the built web app.
// Prints ratios and sizes; it asserts nothing, so a slow machine never fails a build.
import { spawnSync } from 'node:child_process';

const res = spawnSync(process.execPath, ['--import', 'tsx', 'bench/api-bench.ts'], { stdio: 'inherit' });
process.exit(res.status ?? 1);
