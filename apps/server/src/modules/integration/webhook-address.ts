import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a tenant's webhook must never reach (SSRF): "this network", private, shared (CGNAT),
 * loopback, link-local (cloud metadata), protocol and benchmark ranges, multicast and reserved;
 * in IPv6 the unspecified and loopback addresses, IPv4-compatible ones, unique and site local,
 * link-local and multicast. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) match the IPv4 rules.
 */
const INTERNAL = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96],
  ['fc00::', 7],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INTERNAL.addSubnet(network, prefix, 'ipv6');

export const INTERNAL_ADDRESS_MESSAGE =
  'must be a public address: loopback, private and link-local addresses are refused';

/** True for an IP address on an internal network (see INTERNAL); false for a name or a public address. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return false;
  return INTERNAL.check(bare, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Why a subscription's address is refused, or null. The address as written: an internal IP
 * address, or localhost (any *.localhost name is loopback too). Other names are checked when
 * a delivery resolves them (see publicOnlyLookup), as their addresses can change.
 */
export function refusedWebhookUrl(url: string): string | null {
  if (!URL.canParse(url)) return 'url must be a valid http(s) address';
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isInternalAddress(host))
    return `url ${INTERNAL_ADDRESS_MESSAGE}`;
  return null;
}

/** A delivery not made: its address is (or its name resolves to) an internal one. */
export class WebhookAddressRefused extends Error {}

/**
 * The DNS look-up of a delivery's connection: a name with any internal address is refused, and
 * the connection goes to the addresses checked here (no second look-up a rebinding DNS could
 * answer differently).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    const reply = callback as (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    if (error) return reply(error, '');
    const internal = addresses.find((entry) => isInternalAddress(entry.address));
    if (internal)
      return reply(
        new WebhookAddressRefused(`${hostname} resolves to an internal address (${internal.address})`),
        '',
      );
    if (options.all) return reply(null, addresses);
    const [first] = addresses;
    if (!first) return reply(new WebhookAddressRefused(`${hostname} has no address`), '');
    return reply(null, first.address, first.family);
  });
};
