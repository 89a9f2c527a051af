import { describe, expect, it } from 'vitest';
import { checkedAddress, isPublicAddress, type Resolver, WebhookAddressError } from './address-guard';

/** A stand-in DNS: no query leaves the machine, and a test decides what each name resolves to. */
const dns =
  (table: Record<string, string[]>): Resolver =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const reason = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'allowed';
  } catch (error) {
    return error instanceof WebhookAddressError ? error.reason : String(error);
  }
};

describe('webhook address guard', () => {
  it('judges addresses by their range', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])
      expect(isPublicAddress(address)).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
  });

  it('refuses a name when any of its addresses is private, and pins the connection to the checked one', async () => {
    const resolve = dns({
      'shop.example': ['93.184.216.34'],
      'mixed.example': ['93.184.216.34', '10.0.0.5'],
      'inside.example': ['127.0.0.1'],
    });
    expect(await checkedAddress(new URL('https://shop.example/hook'), false, resolve)).toEqual({
      address: '93.184.216.34',
      family: 4,
    });
    expect(await reason(checkedAddress(new URL('https://mixed.example/hook'), false, resolve))).toBe('private');
    expect(await reason(checkedAddress(new URL('https://inside.example/hook'), false, resolve))).toBe('private');
    expect(await reason(checkedAddress(new URL('https://nowhere.example/hook'), false, resolve))).toBe('unresolvable');
    // A literal address is judged as it is, without asking the resolver.
    expect(await reason(checkedAddress(new URL('http://[fd00::1]/'), false, resolve))).toBe('private');
  });

  it('lets private addresses through only when allowed', async () => {
    const resolve = dns({ 'inside.example': ['127.0.0.1'] });
    expect(await checkedAddress(new URL('http://inside.example:8080/'), true, resolve)).toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });
});
