import { BlockList, isIP } from "node:net";

/**
 * Addresses no one owns on the public internet: this host, private and shared networks, link-local,
 * documentation, multicast and reserved ranges (IANA special-purpose registries). IPv4-mapped IPv6
 * (::ffff:a.b.c.d) is checked against the IPv4 rules by BlockList itself; NAT64 is unwrapped below.
 */
const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96], // unspecified, loopback and the old IPv4-compatible form
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}
const NAT64 = new BlockList();
NAT64.addSubnet("64:ff9b::", 96, "ipv6");

/** True for an IP address a host could have on the public internet (a push service, a visitor). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return !NON_PUBLIC.check(address, "ipv4");
  if (NON_PUBLIC.check(address, "ipv6")) return false;
  if (NAT64.check(address, "ipv6")) return isPublicAddress(embeddedIpv4(address));
  return true;
}

/** The IPv4 address in the last 32 bits of an IPv6 address (NAT64 64:ff9b::a.b.c.d). */
function embeddedIpv4(address: string): string {
  const tail = address.split(":").slice(-2);
  if (tail[1]?.includes(".")) return tail[1];
  const [high, low] = tail.map((group) => Number.parseInt(group || "0", 16));
  return [(high ?? 0) >> 8, (high ?? 0) & 255, (low ?? 0) >> 8, (low ?? 0) & 255].join(".");
}
