import { isPublicAddress } from "../../infra/public-address";

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The address to look up, or undefined when it is not a public unicast address (an IPv4-mapped one is its IPv4).
 * Some IP databases still give private ranges a country, so they are refused before any lookup.
 */
export function publicAddress(ip: string): string | undefined {
  const address = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
  return isPublicAddress(address) ? address : undefined;
}
