import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import { Agent, type AgentOptions } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * Addresses a push endpoint may never reach: this host, private and shared networks, link-local,
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

/** True for an IP address a push service could have on the public internet. */
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

/** Raised from the connection's lookup, so a send fails before any byte leaves for that address. */
export class PushAddressRefused extends Error {
  readonly code = "EPUSHADDRESSREFUSED";
}

interface HostPattern {
  /** As `normaliseHost` gives it; for `*.example.com` the part after `*.` */
  host: string;
  anySubdomain: boolean;
  /** "" is https' default, 443. */
  port: string;
}

export interface PushEndpointRules {
  /** `host`, `*.domain` (any subdomain) or either with `:port` (without one only 443 is allowed). */
  hosts: string[];
  /** Hosts whose endpoints may be on private or loopback addresses (tests, a push service on one's own network). */
  privateHosts: string[];
}

/**
 * Which push endpoints Quire will register and connect to (an endpoint is a URL any user can submit,
 * so without this the sender could be aimed at internal services). At registration the URL must be an
 * https URL of an allowed push service host and, if it names an IP address, a public one. At connect
 * time `agent()`'s lookup refuses a name that resolves to a non-public address (DNS rebinding), and
 * the sender re-checks the stored URL, since Node skips the lookup for IP addresses.
 */
export class PushEndpointPolicy {
  readonly #patterns: HostPattern[];
  readonly #privateHosts: Set<string>;

  constructor(rules: PushEndpointRules) {
    this.#patterns = rules.hosts.map(parsePattern);
    this.#privateHosts = new Set(rules.privateHosts.map((host) => normaliseHost(host)));
  }

  /** Why this endpoint may not be used, as a sentence for the client; undefined when it may. */
  refusal(endpoint: string): string | undefined {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      return "The push endpoint is not a valid URL.";
    }
    if (url.protocol !== "https:") return "The push endpoint must be an https URL.";
    const host = normaliseHost(url.hostname);
    const allowed = this.#patterns.some(
      (pattern) =>
        pattern.port === url.port && (pattern.anySubdomain ? host.endsWith(`.${pattern.host}`) : host === pattern.host),
    );
    if (!allowed) return `The push endpoint's host ${url.host} is not a known push service.`;
    if (isIP(host) && !isPublicAddress(host) && !this.#privateHosts.has(host)) {
      return "The push endpoint points at a private, loopback or link-local address.";
    }
    return undefined;
  }

  /** An https agent whose connections only reach public addresses, except for the private hosts. */
  agent(options: AgentOptions = {}): Agent {
    return new Agent({ ...options, lookup: this.#lookup });
  }

  readonly #lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true } as LookupAllOptions, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = this.#privateHosts.has(normaliseHost(hostname))
        ? undefined
        : addresses.find((entry) => !isPublicAddress(entry.address));
      if (refused) {
        return callback(
          new PushAddressRefused(`${hostname} resolves to ${refused.address}, which is not a public address`),
          "",
          0,
        );
      }
      // Node asks for every address (all: true) when it races IPv4 and IPv6, else for one.
      if ((options as LookupOneOptions & { all?: boolean }).all) return callback(null, addresses as never);
      const [first] = addresses;
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}

/** Lower case, without a trailing dot or IPv6 brackets, so `[::1]` and `::1` are one host. */
function normaliseHost(host: string): string {
  return host
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^\[(.*)\]$/, "$1");
}

function parsePattern(entry: string): HostPattern {
  const anySubdomain = entry.startsWith("*.");
  let url: URL;
  try {
    url = new URL(`https://${anySubdomain ? entry.slice(2) : entry}`);
  } catch {
    throw new Error(`Invalid configuration: QUIRE_PUSH_HOSTS entry "${entry}" is not a host name`);
  }
  if (url.pathname !== "/" || url.search || url.username || entry.includes("/")) {
    throw new Error(`Invalid configuration: QUIRE_PUSH_HOSTS entry "${entry}" must be a host, *.domain or host:port`);
  }
  return { host: normaliseHost(url.hostname), anySubdomain, port: url.port };
}
