import { normalizeAddress, parseTrustProxy, resolveClientAddress, trustsForwardedHeaders } from "./trust-proxy";

describe("TRUST_PROXY", () => {
  it.each([undefined, "", "false", "off", "0", "no"])("%p trusts nobody: the peer is the client", (raw) => {
    const trust = parseTrustProxy(raw);
    expect(trust).toEqual({ kind: "off" });
    expect(resolveClientAddress("203.0.113.1", "6.6.6.6", trust)).toBe("203.0.113.1");
    expect(trustsForwardedHeaders("127.0.0.1", trust)).toBe(false);
  });

  it("a hop count takes the address the n-th proxy saw, and never goes past the first entry", () => {
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 198.51.100.7", parseTrustProxy("1"))).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", "6.6.6.6, 198.51.100.7, 10.0.0.2", parseTrustProxy("2"))).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", "198.51.100.7", parseTrustProxy("5"))).toBe("198.51.100.7");
    expect(resolveClientAddress("10.0.0.1", null, parseTrustProxy("1"))).toBe("10.0.0.1");
  });

  it("an address list trusts only proxies inside it; named ranges work", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::/32");
    expect(resolveClientAddress("::ffff:127.0.0.1", "6.6.6.6, 198.51.100.9, 10.1.1.1", trust)).toBe("198.51.100.9");
    expect(resolveClientAddress("203.0.113.4", "198.51.100.9", trust)).toBe("203.0.113.4");
    expect(trustsForwardedHeaders("2001:db8::1", trust)).toBe(true);
    expect(trustsForwardedHeaders("192.168.1.1", trust)).toBe(false);
    expect(trustsForwardedHeaders("192.168.1.1", parseTrustProxy("private"))).toBe(true);
  });

  it("refuses true and garbage with a sentence", () => {
    expect(() => parseTrustProxy("true")).toThrow(/hop count or the proxies' addresses/);
    expect(() => parseTrustProxy("proxy.example")).toThrow('TRUST_PROXY: "proxy.example" is not an IP address or CIDR range.');
  });

  it("normalizes mapped IPv4, brackets and ports", () => {
    expect(normalizeAddress("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeAddress("[2001:db8::1]")).toBe("2001:db8::1");
    expect(normalizeAddress("192.0.2.1:5000")).toBe("192.0.2.1");
  });
});
