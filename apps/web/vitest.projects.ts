import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// The web tests in three projects (docs/capacity.md, "The suite's time"). Most files share their worker's modules
// (`isolate: false`): each file importing React, the UI kit, the router and the whole English catalogue afresh was
// about half of the web run's CPU. A file that replaces a module with `vi.mock` cannot simply share: the screen it
// renders may already hold the real module from an earlier file, so the mock would never reach it.
// - `web`: files that mock nothing, sharing modules.
// - `web-api`: files whose only mock is the API client replaced by src/test/fake-api.ts, sharing modules; their
//   setup mocks it for the whole worker before any screen is imported (src/test/setup-fake-api.ts).
// - `web-mocks`: files that mock anything else, each with fresh modules, as Vitest does by default.
// The split is read from the files themselves, so a test that starts or stops mocking moves by itself.
const root = fileURLToPath(new URL('.', import.meta.url));
const isTest = /\.test\.tsx?$/;
const mocked = (source: string) => [...source.matchAll(/\bvi\.(?:mock|doMock)\(\s*(['"])(.+?)\1/g)].map((m) => m[2]);
const FAKE_API = /^vi\.mock\('@\/lib\/api', \(\) => import\('@\/test\/fake-api'\)\);$/m;

const testFiles = ['src', 'build'].flatMap((dir) =>
  readdirSync(new URL(`./${dir}`, import.meta.url), { recursive: true, encoding: 'utf8' })
    .filter((file) => isTest.test(file))
    .map((file) => `${dir}/${file.replaceAll('\\', '/')}`),
);
type Kind = 'web' | 'web-api' | 'web-mocks';
const kindOf = (source: string): Kind => {
  const modules = mocked(source);
  if (modules.length === 0) return 'web';
  return modules.length === 1 && FAKE_API.test(source) ? 'web-api' : 'web-mocks';
};
const kinds = new Map(testFiles.map((file) => [file, kindOf(readFileSync(`${root}${file}`, 'utf8'))]));

// Each project excludes the others' files: `extends` adds a project's lists to the base config's, so an `include`
// here would only widen the base's.
const project = (name: Kind, test: TestProjectInlineConfiguration['test'] = {}) => ({
  extends: './apps/web/vitest.config.ts',
  root: './apps/web',
  test: {
    name,
    exclude: testFiles.filter((file) => kinds.get(file) !== name),
    ...test,
  },
});
export const webProjects: TestProjectInlineConfiguration[] = [
  project('web', { isolate: false }),
  project('web-api', {
    isolate: false,
    setupFiles: [fileURLToPath(new URL('./src/test/setup-fake-api.ts', import.meta.url))],
  }),
  project('web-mocks'),
];
