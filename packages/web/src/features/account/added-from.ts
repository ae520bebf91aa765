// Where a passkey or the authenticator app was added from, as My account lists it: the address and the
// browser in words; "unknown" for those added before the server kept it.
import { describeUserAgent } from "@repo/content";

export function addedFrom(row: { addedIp: string | null; addedUserAgent: string | null }): string {
  if (!row.addedIp && !row.addedUserAgent) return "unknown";
  return `${row.addedIp ?? "unknown address"} · ${describeUserAgent(row.addedUserAgent)}`;
}
