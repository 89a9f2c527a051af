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
 * Only globally routable unicast addresses: ipaddr.js names every special range (private, loopback,
 * link-local, unique-local, carrier-grade NAT, multicast, 0.0.0.0, documentation, 6to4, …), and an
 * IPv4-mapped IPv6 address is judged as the IPv4 address it carries.
 */
export const isPublicAddress = (address: string) => ipaddr.process(address).range() === 'unicast';

/**
 * The address a delivery connects to (DESIGN §8 SSRF guard). Every address the name resolves to must be
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
