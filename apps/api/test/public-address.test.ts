import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM helper
import { customerAddressLines, isLoopbackUrl, lanAddress } from '../../../scripts/lib/public-address.mjs';

// The start banner's word on the address customers reach (docs/configuration.md, "A phone on your network").
describe('the start banner on the customer address', () => {
  const lan = '192.168.1.20';

  it('says a loopback address cannot be opened by a phone and names the setting with the LAN address', () => {
    const lines: string[] = customerAddressLines({ env: {}, port: 3000, lan });
    const text = lines.join('\n');
    expect(text).toContain('http://localhost:3000');
    expect(text).toContain('cannot open it');
    expect(text).toContain('CUSTOMER_LISTEN=192.168.1.20:3080 npm start');
    expect(text).toContain('docs/configuration.md');
    const explicit: string[] = customerAddressLines({ env: { PUBLIC_URL: 'http://127.0.0.1:3000' }, port: 3000, lan });
    expect(explicit.join('\n')).toContain('CUSTOMER_LISTEN=');
  });

  it('says where phones go once the listener is set, and nothing when PUBLIC_URL is reachable', () => {
    const on: string[] = customerAddressLines({ env: { CUSTOMER_LISTEN: `${lan}:3080` }, port: 3000, lan });
    expect(on).toEqual([
      'customer pages for phones on this network: http://192.168.1.20:3080/join/<your join link name>',
    ]);
    expect(customerAddressLines({ env: { PUBLIC_URL: 'https://loyalty.example.com' }, port: 3000, lan })).toEqual([]);
  });

  it('tells loopback from network addresses and finds the LAN address among the interfaces', () => {
    expect(isLoopbackUrl('http://localhost:3000')).toBe(true);
    expect(isLoopbackUrl('http://127.0.0.1:3000/x')).toBe(true);
    expect(isLoopbackUrl('http://[::1]:3000')).toBe(true);
    expect(isLoopbackUrl('http://192.168.1.20:3080')).toBe(false);
    const interfaces = {
      lo: [{ family: 'IPv4', internal: true, address: '127.0.0.1' }],
      eth0: [
        { family: 'IPv6', internal: false, address: 'fe80::1' },
        { family: 'IPv4', internal: false, address: '169.254.3.4' },
        { family: 'IPv4', internal: false, address: lan },
      ],
    };
    expect(lanAddress(interfaces)).toBe(lan);
    expect(lanAddress({ lo: interfaces.lo })).toBeUndefined();
  });
});
