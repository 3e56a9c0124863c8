import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { isPublicAddress, PushEndpointPolicy } from "./push-endpoint-policy";

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.0.9",
    "0.0.0.0",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "ff02::1",
    "64:ff9b::7f00:1",
    "64:ff9b::192.168.0.1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["8.8.8.8", "142.250.74.10", "172.32.0.1", "2607:f8b0:4004:c07::5f", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "accepts %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("PushEndpointPolicy", () => {
  const defaults = new PushEndpointPolicy(loadConfig({ NODE_ENV: "test" }).push);

  it("accepts the browsers' push services by default", () => {
    for (const endpoint of [
      "https://fcm.googleapis.com/fcm/send/abc:def",
      "https://updates.push.services.mozilla.com/wpush/v2/gAAAA",
      "https://web.push.apple.com/QGuQyavXutnMH",
      "https://wns2-par02p.notify.windows.com/w/?token=BQYAAA",
      "https://FCM.googleapis.com./fcm/send/x",
    ]) {
      expect(defaults.refusal(endpoint), endpoint).toBeUndefined();
    }
  });

  it("refuses everything else with a sentence that says why", () => {
    const notKnown = (host: string) => `The push endpoint's host ${host} is not a known push service.`;
    expect(defaults.refusal("https://127.0.0.1:3443/x")).toBe(notKnown("127.0.0.1:3443"));
    expect(defaults.refusal("https://[::1]/x")).toBe(notKnown("[::1]"));
    expect(defaults.refusal("https://169.254.169.254/latest/meta-data")).toBe(notKnown("169.254.169.254"));
    expect(defaults.refusal("https://localhost/x")).toBe(notKnown("localhost"));
    expect(defaults.refusal("https://fcm.googleapis.com.evil.example/x")).toBe(
      notKnown("fcm.googleapis.com.evil.example"),
    );
    expect(defaults.refusal("https://evilfcm.googleapis.com/x")).toBe(notKnown("evilfcm.googleapis.com"));
    // Only the default port: an allowed host is not a way to reach its other services.
    expect(defaults.refusal("https://fcm.googleapis.com:22/x")).toBe(notKnown("fcm.googleapis.com:22"));
    expect(defaults.refusal("https://push.apple.com/x")).toBe(notKnown("push.apple.com"));
    expect(defaults.refusal("http://fcm.googleapis.com/x")).toBe("The push endpoint must be an https URL.");
    expect(defaults.refusal("fcm.googleapis.com")).toBe("The push endpoint is not a valid URL.");
  });

  it("refuses a private address even when its host is allowed, unless that host may be private", () => {
    const hosts = ["127.0.0.1:8443", "[::1]:8443", "10.0.0.7", "2130706433:8443"];
    const strict = new PushEndpointPolicy({ hosts, privateHosts: [] });
    const privateAddress = "The push endpoint points at a private, loopback or link-local address.";
    expect(strict.refusal("https://127.0.0.1:8443/x")).toBe(privateAddress);
    expect(strict.refusal("https://[::1]:8443/x")).toBe(privateAddress);
    expect(strict.refusal("https://10.0.0.7/x")).toBe(privateAddress);
    // Other spellings of 127.0.0.1 are the same host to the URL parser.
    expect(strict.refusal("https://0x7f.0.0.1:8443/x")).toBe(privateAddress);

    const opted = new PushEndpointPolicy({ hosts, privateHosts: ["127.0.0.1", "[::1]"] });
    expect(opted.refusal("https://127.0.0.1:8443/x")).toBeUndefined();
    expect(opted.refusal("https://[::1]:8443/x")).toBeUndefined();
    expect(opted.refusal("https://10.0.0.7/x")).toBe(privateAddress);
  });

  it("refuses an allow-list entry that is not a host", () => {
    expect(() => new PushEndpointPolicy({ hosts: ["fcm.googleapis.com/fcm"], privateHosts: [] })).toThrow(
      'Invalid configuration: QUIRE_PUSH_HOSTS entry "fcm.googleapis.com/fcm" must be a host, *.domain or host:port',
    );
    expect(() => new PushEndpointPolicy({ hosts: ["exa mple.com"], privateHosts: [] })).toThrow(
      'Invalid configuration: QUIRE_PUSH_HOSTS entry "exa mple.com" is not a host name',
    );
  });
});
