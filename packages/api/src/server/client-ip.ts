import type { Context as HonoContext } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Config } from "../config.js";

/**
 * The caller's address, for rate limits. Behind TRUST_PROXY proxies it is the X-Forwarded-For entry the
 * outermost trusted proxy added, counted from the right: entries further left are whatever the client
 * sent and prove nothing. Without trusted proxies, or with fewer entries than proxies, the socket's.
 */
export function clientIp(c: HonoContext, config: Pick<Config, "TRUST_PROXY" | "NODE_ENV">): string {
  const hops = config.TRUST_PROXY;
  if (hops > 0) {
    const entries = (c.req.header("x-forwarded-for") ?? "")
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean);
    const added = entries[entries.length - hops];
    if (added) return added;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return c.req.header("x-test-ip") && config.NODE_ENV === "test" ? c.req.header("x-test-ip")! : "unknown";
  }
}
