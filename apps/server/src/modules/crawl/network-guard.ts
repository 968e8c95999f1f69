import { BlockList, isIP } from 'node:net';

/**
 * Addresses a crawler must not reach from a server: private, loopback, link-local, CGNAT,
 * multicast, reserved and documentation ranges (IANA special-purpose registries, RFC 6890),
 * IPv4-mapped IPv6 included.
 */
const blocked = new BlockList();
const IPV4_RANGES: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6_RANGES: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];
for (const [address, prefix] of IPV4_RANGES) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of IPV6_RANGES) blocked.addSubnet(address, prefix, 'ipv6');

function embeddedIpv4(address: string): string | null {
  // ::ffff:a.b.c.d and ::ffff:xxxx:xxxx (IPv4-mapped), also NAT64 64:ff9b::/96.
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return null;
}

/** True when the IP address is not a public unicast address. Non-IPs count as not public. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return true;
  if (family === 4) return blocked.check(bare, 'ipv4');
  const mapped = embeddedIpv4(bare);
  if (mapped) return blocked.check(mapped, 'ipv4');
  return blocked.check(bare, 'ipv6');
}

/** Raised when a URL resolves to an address the deployment does not allow. */
export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a private or reserved address`);
    this.name = 'BlockedAddressError';
  }
}
