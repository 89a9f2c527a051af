import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envSchema } from './config';

const guide = readFileSync(new URL('../../../docs/deploying.md', import.meta.url), 'utf8');

/** docs/deploying.md tells whoever runs several instances which settings they must share: it names every one. */
describe('the deploying guide', () => {
  it('names every setting the server reads, in its list of what instances share and what is their own', () => {
    const instances = guide.slice(guide.indexOf('**Several instances.**'));
    // Named in code: `NAME` or `NAME=value`.
    const named = Object.keys(envSchema.shape).filter((name) => new RegExp(`\`${name}[\`=]`).test(instances));
    expect(named).toEqual(Object.keys(envSchema.shape));
  });
});
