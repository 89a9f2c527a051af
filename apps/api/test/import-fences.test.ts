import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types; what `npm run lint` runs.
import { checkImports } from '../../../scripts/lint-imports.mjs';

type Checked = { violations: string[]; circles: { modules: string[] }[] };

/**
 * The fences of `npm run lint` (docs/design.md §2), run with the repository's own rules on a small tree made for
 * the test: each deliberate breach fails, and the imports the layout allows pass.
 */
describe('the import fences refuse what docs/design.md §2 forbids', () => {
  let root: string;
  let result: Checked;
  const files: Record<string, string> = {
    // A web feature importing another feature; and one importing shared lib/ code, which is allowed.
    'apps/web/src/features/counter/counter-page.tsx':
      "import { label } from '../members/members-labels';\nexport const page = label;\n",
    'apps/web/src/features/members/members-labels.ts':
      "import { shared } from '../../lib/shared';\nexport const label = shared;\n",
    'apps/web/src/lib/shared.ts': 'export const shared = 1;\n',
    // An API module reaching into another's repository, and one going through that module's face.
    'apps/api/src/modules/rewards/redeem.ts':
      "import { loadRates } from '../points/rates';\nexport const redeem = loadRates;\n",
    'apps/api/src/modules/ledger/entry.ts': "import { loadRates } from '../points';\nexport const entry = loadRates;\n",
    'apps/api/src/modules/points/index.ts': "export { loadRates } from './rates';\n",
    'apps/api/src/modules/points/rates.ts': 'export const loadRates = 1;\n',
    // Product code importing test support.
    'apps/api/src/modules/users/service.ts':
      "import { addUser } from '../../../test/support/users';\nexport const service = addUser;\n",
    'apps/api/test/support/users.ts': 'export const addUser = 1;\n',
    // Two modules that need each other through their faces: no file circle, a module circle.
    'apps/api/src/modules/wallet/index.ts': "export { pass } from './pass';\n",
    'apps/api/src/modules/wallet/pass.ts': "import { member } from '../members';\nexport const pass = member;\n",
    'apps/api/src/modules/members/index.ts': "export { member } from './member';\n",
    'apps/api/src/modules/members/member.ts': 'export const member = 1;\n',
    'apps/api/src/modules/members/erase.ts': "import { pass } from '../wallet';\nexport const erase = pass;\n",
  };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'import-fences-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    result = checkImports({ cwd: root, paths: ['apps'] });
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const broken = (rule: string) => result.violations.filter((v) => v.startsWith(`${rule}:`));

  it('a web feature importing another feature fails; a feature importing lib/ passes', () => {
    expect(broken('web-feature-imports-feature')).toEqual([
      'web-feature-imports-feature: apps/web/src/features/counter/counter-page.tsx → apps/web/src/features/members/members-labels.ts',
    ]);
  });

  it("an API module importing another module's internals fails; through its face (index.ts) passes", () => {
    expect(broken('api-module-internals')).toEqual([
      'api-module-internals: apps/api/src/modules/rewards/redeem.ts → apps/api/src/modules/points/rates.ts',
    ]);
  });

  it('product code importing test support fails', () => {
    expect(broken('production-imports-test-code')).toEqual([
      'production-imports-test-code: apps/api/src/modules/users/service.ts → apps/api/test/support/users.ts',
    ]);
  });

  it('a circle between API modules fails, even where no file circle closes it', () => {
    expect(broken('no-circular')).toEqual([]);
    expect(result.circles.map((c) => c.modules)).toEqual([['members', 'wallet']]);
  });

  it('nothing else is reported', () => {
    expect(result.violations).toHaveLength(3);
  });
});
