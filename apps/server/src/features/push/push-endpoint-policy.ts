import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOneOptions } from "node:dns";
import { Agent, type AgentOptions } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "../../infra/public-address";

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
