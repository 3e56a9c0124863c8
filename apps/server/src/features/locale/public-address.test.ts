import { describe, expect, it } from "vitest";
import { publicAddress } from "./public-address";

describe("publicAddress", () => {
  it.each(["81.2.69.142", "8.8.8.8", "2a01:e00::1", "2001:4860:4860::8888"])("keeps the public address %s", (ip) => {
    expect(publicAddress(ip)).toBe(ip);
  });

  it("looks an IPv4-mapped IPv6 address up as its IPv4 address", () => {
    expect(publicAddress("::ffff:81.2.69.142")).toBe("81.2.69.142");
    expect(publicAddress("::FFFF:10.0.0.1")).toBeUndefined();
  });

  it.each([
    "0.1.2.3",
    "10.0.0.1",
    "100.64.1.1",
    "127.0.0.1",
    "169.254.10.10",
    "172.31.255.255",
    "192.0.2.7",
    "192.168.1.1",
    "198.19.0.1",
    "203.0.113.9",
    "224.0.0.251",
    "255.255.255.255",
    "::",
    "::1",
    "2001:db8::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
  ])("refuses the non-public address %s", (ip) => {
    expect(publicAddress(ip)).toBeUndefined();
  });

  it.each(["", "localhost", "1.2.3", "81.2.69.142, 10.0.0.1"])("refuses %j, which is no address", (ip) => {
    expect(publicAddress(ip)).toBeUndefined();
  });

  it("keeps the first public addresses next to the reserved ranges", () => {
    expect(publicAddress("172.32.0.1")).toBe("172.32.0.1");
    expect(publicAddress("100.128.0.1")).toBe("100.128.0.1");
    expect(publicAddress("11.0.0.1")).toBe("11.0.0.1");
  });
});
