import "server-only";
import { lookup as dnsLookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The SSRF guard of outgoing webhooks: a receiver's address must be public. Checked when a URL
 * is saved and again on every connection (the socket connects to the address that was checked,
 * so a DNS answer that changes between the check and the request cannot slip through).
 * `WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true` lifts it (a receiver inside the company network; the tests' loopback receiver).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["2001:db8::", 32],
] as const) blocked.addSubnet(net, prefix, "ipv6");

export const privateNetworksAllowed = () => process.env.WEBHOOKS_ALLOW_PRIVATE_NETWORKS === "true";

/** True for loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

export const PRIVATE_ADDRESS = "points to a private, loopback or link-local address";

/** `lookup` for https.request: resolves, refuses a private address (unless allowed), connects to the one checked. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = !privateNetworksAllowed() && list.some((a) => isPrivateAddress(a.address));
    if (bad) return callback(Object.assign(new Error(`${hostname} ${PRIVATE_ADDRESS}`), { code: "EADDRBLOCKED" }), "", 4);
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/** The same check for a URL being saved: null when fine, else why not. */
export async function checkReceiverAddress(hostname: string): Promise<string | null> {
  if (privateNetworksAllowed()) return null;
  const host = hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host) ? PRIVATE_ADDRESS : null;
  const { lookup } = await import("node:dns/promises");
  try {
    const addresses = await lookup(host, { all: true });
    return addresses.some((a) => isPrivateAddress(a.address)) ? PRIVATE_ADDRESS : null;
  } catch {
    return "has a host name that does not resolve";
  }
}
