import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Finds every address of a host name, as the operating system resolves it (hosts file included). */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Why a webhook URL may not be called: its host has no address, or one of its addresses is not public. */
export class WebhookAddressError extends Error {
  constructor(readonly reason: 'private' | 'unresolvable') {
    super(reason === 'private' ? 'The address is private, loopback or link-local' : 'The host name does not resolve');
  }
}

/**
 * IPv6 forms that carry an IPv4 address a gateway or relay may turn back into IPv4, as [first 16-bit groups,
 * prefix length]: IPv4-compatible ::/96 (`::127.0.0.1` is written `::7f00:1`, which ipaddr.js calls plain
 * unicast), SIIT ::ffff:0:0/96, NAT64 64:ff9b::/96 and its local-use 64:ff9b:1::/48, 6to4 2002::/16 and Teredo
 * 2001::/32. All are refused whatever they carry, public or not: each is deprecated or a translation
 * mechanism, so no receiver needs one, and judging the IPv4 inside each (Teredo's is inverted) would be
 * code to get wrong for nothing. Only IPv4-mapped ::ffff:a.b.c.d is judged as the IPv4 it carries: that is how
 * a dual-stack socket writes an IPv4 peer.
 */
const EMBEDDING_IPV4: [number[], number][] = [
  [[0, 0, 0, 0, 0, 0], 96],
  [[0, 0, 0, 0, 0xffff, 0], 96],
  [[0x64, 0xff9b, 0, 0, 0, 0], 96],
  [[0x64, 0xff9b, 1], 48],
  [[0x2002], 16],
  [[0x2001, 0], 32],
];

const embedsIPv4 = (address: ipaddr.IPv6) =>
  EMBEDDING_IPV4.some(([groups, bits]) =>
    address.match(new ipaddr.IPv6([...groups, 0, 0, 0, 0, 0, 0, 0, 0].slice(0, 8)), bits),
  );

/**
 * `::a.b.c.d` with its IPv4 tail written as two hex groups. ipaddr.js 2.5 reads any IPv6 text ending in a dotted
 * quad as IPv4-mapped (`::8.8.8.8` becomes `::ffff:8.8.8.8`), and the system resolver writes IPv4-compatible
 * answers that way (inet_ntop), so the tail is converted before parsing.
 */
function withHexTail(address: string): string {
  const tail = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  if (!tail) return address;
  const [a, b, c, d] = tail.slice(2).map(Number) as [number, number, number, number];
  if ([a, b, c, d].some((n) => n > 255)) return address;
  return `${tail[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/**
 * Only globally routable unicast addresses: ipaddr.js names every special range (private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast, 0.0.0.0, documentation, …); an IPv4-mapped IPv6
 * address is judged as the IPv4 address it carries, and every other IPv6 form that embeds IPv4 is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(withHexTail(address));
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
    if (embedsIPv4(v6)) return false;
  }
  return parsed.range() === 'unicast';
}

/**
 * The address a delivery connects to (docs/design.md §8 SSRF guard). Every address the name resolves to must be
 * public, not just the first, and the caller connects to the address returned here (never resolving the
 * name again), so a DNS answer that changes between the check and the request cannot reach inside.
 */
export async function checkedAddress(
  url: URL,
  allowPrivate: boolean,
  resolve: Resolver = systemResolver,
): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  if (isIP(host)) found = [{ address: host, family: isIP(host) }];
  else {
    try {
      found = await resolve(host);
    } catch {
      throw new WebhookAddressError('unresolvable');
    }
  }
  if (found.length === 0) throw new WebhookAddressError('unresolvable');
  if (!allowPrivate && found.some((a) => !isPublicAddress(a.address))) throw new WebhookAddressError('private');
  const first = found[0] as { address: string; family: number };
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
