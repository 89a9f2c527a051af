// Draws posters in a process of its own, so a test can give it another font configuration (FONTCONFIG_FILE)
// than its own process was started with. Reads a JSON array of poster inputs on argv, prints one base64 PNG a line.

import { type PosterInput, posterPng } from '../src/modules/enrolment/poster';
import type { StorageDriver } from '../src/storage';

const inputs = JSON.parse(process.argv[2] ?? '[]') as PosterInput[];
// No logo is asked for, so storage is never read.
const storage = {} as StorageDriver;
for (const input of inputs) process.stdout.write(`${(await posterPng(storage, input)).toString('base64')}\n`);
