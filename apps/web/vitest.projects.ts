import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The web tests in two projects (docs/capacity.md, "The suite's time"). Most files share their worker's modules
// (`isolate: false`): each file importing React, the UI kit, the router and the whole English catalogue afresh was
// about half of the web run's CPU. A file that replaces a module with `vi.mock` cannot share: the screen it renders
// may already hold the real module from an earlier file, so the mock would never reach it. Those files run in
// `web-mocks`, each with fresh modules, as Vitest does by default. The split is read from the files themselves, so a
// test that starts mocking moves by itself.
const root = fileURLToPath(new URL('.', import.meta.url));
const isTest = /\.test\.tsx?$/;
const mocksAModule = /\bvi\.(mock|doMock)\(/;

const testFiles = ['src', 'build'].flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => isTest.test(file))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`),
);
const mockingFiles = testFiles.filter((file) => mocksAModule.test(readFileSync(`${root}${file}`, 'utf8')));

const sharingFiles = testFiles.filter((file) => !mockingFiles.includes(file));

// Each project excludes the other's files: `extends` adds a project's lists to the base config's, so an `include`
// here would only widen the base's.
const base = { extends: './apps/web/vitest.config.ts', root: './apps/web' };
export const webProjects: TestProjectInlineConfiguration[] = [
  { ...base, test: { name: 'web', isolate: false, exclude: mockingFiles } },
  { ...base, test: { name: 'web-mocks', exclude: sharingFiles } },
];
