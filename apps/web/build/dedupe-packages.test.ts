import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sameVersionFolders } from './dedupe-packages';

function pkg(dir: string, name: string, version: string) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version }));
}

describe('one folder per package version', () => {
  it('sends each nested copy of a version to the first folder of that version, and leaves other versions alone', () => {
    const nm = join(mkdtempSync(join(tmpdir(), 'dedupe-')), 'node_modules');
    pkg(join(nm, '@firebase/util'), '@firebase/util', '1.15.3');
    pkg(join(nm, '@firebase/app'), '@firebase/app', '0.13.2');
    pkg(join(nm, '@firebase/app/node_modules/@firebase/util'), '@firebase/util', '1.12.1');
    pkg(join(nm, '@firebase/auth'), '@firebase/auth', '1.10.8');
    pkg(join(nm, '@firebase/auth/node_modules/@firebase/util'), '@firebase/util', '1.12.1');
    pkg(join(nm, 'firebase'), 'firebase', '11.10.0');
    pkg(join(nm, 'firebase/node_modules/@firebase/util'), '@firebase/util', '1.12.1');
    const map = sameVersionFolders(nm);
    const first = join(nm, 'firebase/node_modules/@firebase/util');
    expect(map.get(join(nm, '@firebase/app/node_modules/@firebase/util'))).toBe(first);
    expect(map.get(join(nm, '@firebase/auth/node_modules/@firebase/util'))).toBe(first);
    expect(map.has(first)).toBe(false);
    expect(map.has(join(nm, '@firebase/util'))).toBe(false);
    expect(map.size).toBe(2);
  });
});
