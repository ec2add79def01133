import { BlockList, isIP } from "node:net";

/**
 * Which forwarding headers to believe, configured by TRUST_PROXY the
 * way Express's `trust proxy` is:
 *   unset, "", "false", "off", "0"  trust nobody: the client is the socket's peer address and
 *                                   X-Forwarded-* headers are ignored (the default);
 *   a number n                      trust the n nearest proxies (hops) in X-Forwarded-For;
 *   a comma list of IPs / CIDRs     trust proxies at those addresses ("loopback" and "private"
 *                                   name the usual ranges), e.g. "10.0.0.0/8, 127.0.0.1".
 * "true" (trust every hop) is refused: it is exactly the spoofable setting the audit found.
 */
export type TrustProxy =
  | { kind: "off" }
  | { kind: "hops"; hops: number }
  | { kind: "addresses"; list: BlockList; source: string };

const NAMED: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
};

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim().toLowerCase();
  if (["", "false", "off", "0", "no"].includes(value)) return { kind: "off" };
  if (/^\d+$/.test(value)) return { kind: "hops", hops: Math.min(Number(value), 32) };
  if (value === "true") throw new Error('TRUST_PROXY=true would trust any client\'s X-Forwarded-For: give a hop count or the proxies\' addresses (see docs/operations.md).');
  const list = new BlockList();
  for (const entry of value.split(",").map((s) => s.trim()).filter(Boolean)) {
    for (const item of NAMED[entry] ?? [entry]) addEntry(list, item);
  }
  return { kind: "addresses", list, source: value };
}

function addEntry(list: BlockList, entry: string) {
  const [address, prefix] = entry.split("/");
  const family = isIP(address);
  if (!family) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range.`);
  const type = family === 6 ? "ipv6" : "ipv4";
  if (prefix === undefined) list.addAddress(address, type);
  else list.addSubnet(address, Number(prefix), type);
}

/** "::ffff:10.0.0.1" (an IPv4 peer on a dual-stack socket) → "10.0.0.1"; brackets and ports dropped. */
export function normalizeAddress(value: string): string {
  let v = value.trim();
  if (v.startsWith("[")) v = v.slice(1, v.indexOf("]") > 0 ? v.indexOf("]") : undefined);
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(v)) v = v.split(":")[0];
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(v)) v = v.slice(7);
  return v;
}

function isTrusted(trust: TrustProxy, address: string, index: number): boolean {
  if (trust.kind === "off") return false;
  if (trust.kind === "hops") return index < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The chain from the socket's peer outwards: [peer, nearest X-Forwarded-For hop, ..., first].
 * Walks it while each address is a trusted proxy and returns the first one that is not (or the
 * farthest one); with TRUST_PROXY off that is always the peer.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | null, trust: TrustProxy): string {
  const chain = [normalizeAddress(peer)];
  if (trust.kind !== "off" && forwardedFor) {
    chain.push(...forwardedFor.split(",").map(normalizeAddress).filter(Boolean).reverse());
  }
  let index = 0;
  while (index < chain.length - 1 && isTrusted(trust, chain[index], index)) index += 1;
  return chain[index];
}

/** Whether X-Forwarded-Host / -Proto come from a proxy we trust: the peer itself must be trusted. */
export function trustsForwardedHeaders(peer: string, trust: TrustProxy): boolean {
  return isTrusted(trust, normalizeAddress(peer), 0);
}

let cached: { raw: string | undefined; value: TrustProxy } | null = null;

/** TRUST_PROXY as parsed now (re-read when the variable changes, so tests can set it). */
export function trustProxySetting(): TrustProxy {
  const raw = process.env.TRUST_PROXY;
  if (!cached || cached.raw !== raw) cached = { raw, value: parseTrustProxy(raw) };
  return cached.value;
}
