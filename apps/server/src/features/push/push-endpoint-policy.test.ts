import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { PushEndpointPolicy } from "./push-endpoint-policy";

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
