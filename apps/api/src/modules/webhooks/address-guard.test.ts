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

  it('refuses every IPv6 form that embeds IPv4, whatever it embeds; IPv4-mapped is judged as its IPv4', () => {
    const refused = [
      // IPv4-compatible ::/96, in both spellings (the URL parser writes the hex one, the resolver the dotted one).
      '::127.0.0.1',
      '::7f00:1',
      '::10.0.0.1',
      '::169.254.169.254',
      '::8.8.8.8',
      // SIIT ::ffff:0:0/96.
      '::ffff:0:7f00:1',
      '::ffff:0:8.8.8.8',
      // NAT64, well-known 64:ff9b::/96 and local-use 64:ff9b:1::/48.
      '64:ff9b::127.0.0.1',
      '64:ff9b::a00:1',
      '64:ff9b::808:808',
      '64:ff9b:1::7f00:1',
      '64:ff9b:1:abcd::c0a8:101',
      // 6to4 2002::/16 (the IPv4 in the second and third groups).
      '2002:7f00:1::1',
      '2002:a00:1::',
      '2002:808:808::1',
      // Teredo 2001::/32 (the client's IPv4 inverted in the last groups: 80ff:fffe is 127.0.0.1).
      '2001:0:4136:e378:8000:63bf:80ff:fffe',
      '2001::1',
      // IPv4-mapped with a private IPv4.
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:192.168.0.1',
    ];
    for (const address of refused)
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '2001:4860:4860::8888', '2001:db9::1'])
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
  });

  it('refuses a host name whose AAAA answer embeds a loopback IPv4, as the resolver writes it', async () => {
    const resolve = dns({ 'compat.example': ['::127.0.0.1'], 'nat64.example': ['64:ff9b::7f00:1'] });
    expect(await reason(checkedAddress(new URL('https://compat.example/hook'), false, resolve))).toBe('private');
    expect(await reason(checkedAddress(new URL('https://nat64.example/hook'), false, resolve))).toBe('private');
    expect(await reason(checkedAddress(new URL('http://[::127.0.0.1]:1/'), false, resolve))).toBe('private');
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
