import { BlockList, isIPv4, isIPv6 } from "node:net";

// Addresses no country owns: private, loopback, link-local, shared, documentation, multicast and reserved.
// Some IP databases still give them a country, so they are refused before any lookup.
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, "ipv6");
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** The address to look up, or undefined when it is not a public unicast address (an IPv4-mapped one is its IPv4). */
export function publicAddress(ip: string): string | undefined {
  const address = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
  if (isIPv4(address)) return NOT_PUBLIC.check(address, "ipv4") ? undefined : address;
  if (isIPv6(address)) return NOT_PUBLIC.check(address, "ipv6") ? undefined : address;
  return undefined;
}
