/**
 * The import fences `npm run lint` holds (docs/design.md §2, docs/architecture.md "Rules the linter keeps"), checked
 * by dependency-cruiser over the files git tracks in apps/ and packages/; scripts/lint-imports.mjs runs it and adds
 * the one check it has no rule for: no circle between API modules (a module is its folder under modules/).
 *
 * Test code is a file named *.test.ts(x), or anything under a test folder: apps/api/test/, apps/web/src/test/,
 * apps/web/e2e/. Shared test support and stand-ins live only there.
 */
const TEST = '(\\.test\\.tsx?$|^apps/api/test/|^apps/web/src/test/|^apps/web/e2e/|^apps/web/playwright\\.config\\.ts$)';
const SUPPORT_NAME = '(test-support|stand-in|fake-server|fake-api|test-api|test-server|test-fixtures|test-utils)[^/]*$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Files that import each other in a loop: split the shared part out, below both.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'web-feature-imports-feature',
      comment: 'A web feature never imports another feature: share through components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'api-module-internals',
      comment: 'An API module uses another only through its face, modules/<feature>/index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/api/src/modules/[^/]+/.',
        pathNot: ['^apps/api/src/modules/$1/', '^apps/api/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'api-outside-reaches-module-internals',
      comment: 'app.ts, plugins, lib and the seed use a module only through its face, modules/<feature>/index.ts.',
      severity: 'error',
      from: { path: '^apps/api/src/', pathNot: ['^apps/api/src/modules/', TEST] },
      to: { path: '^apps/api/src/modules/[^/]+/.', pathNot: '^apps/api/src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'production-imports-test-code',
      comment: 'Product code never imports tests or test support (they live in the test folders).',
      severity: 'error',
      from: { path: '^(apps|packages)/', pathNot: TEST },
      to: { path: [TEST, SUPPORT_NAME] },
    },
    {
      name: 'test-support-outside-test-folders',
      comment: 'Test support and stand-ins live in a test folder (apps/api/test/support/, apps/web/src/test/).',
      severity: 'error',
      from: { path: SUPPORT_NAME, pathNot: TEST },
      to: {},
    },
  ],
  options: {
    includeOnly: '^(apps|packages)/',
    exclude: { path: '(^|/)(node_modules|dist)/|\\.gen\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.lint.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
