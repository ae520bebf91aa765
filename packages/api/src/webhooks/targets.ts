// Where a webhook may be sent: http or https only, and, unless an admin allows them, never to an address
// inside the provider's own network (loopback, RFC 1918, link-local, unique-local). Checked when a
// subscription is saved and again before each send, on the addresses the name resolves to then, since a
// name may point elsewhere later (docs/decisions/0047-outbound-webhooks.md).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  PRIVATE.addSubnet(net, bits, "ipv6");

/** Whether an IP address is one of the private kinds above (an IPv4-mapped IPv6 address counts as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** Why a URL is refused as a target, or null when it may be used. */
export async function refuseTarget(
  url: string,
  opts: { allowPrivate: boolean; resolve?: (host: string) => Promise<string[]> },
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "The URL is not valid";
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    return "Only http and https URLs can receive webhooks";
  if (parsed.username || parsed.password)
    return "Put credentials in the receiver's check of the signature, not in the URL";
  if (opts.allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await (opts.resolve ?? resolveAll)(host);
  } catch {
    return `The name ${host} does not resolve`;
  }
  if (addresses.length === 0) return `The name ${host} does not resolve`;
  const inside = addresses.find(isPrivateAddress);
  return inside
    ? `${host} is a private or loopback address (${inside}); an admin can allow private targets on the webhooks page`
    : null;
}

async function resolveAll(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
}
