import type { Context as HonoContext } from "hono";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Config } from "../config.js";

/** The caller's IP: the socket's address, or X-Forwarded-For's first hop when behind a trusted proxy. */
export function clientIp(c: HonoContext, config: Config): string {
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    // app.request() in tests has no socket.
    return c.req.header("x-test-ip") && config.NODE_ENV === "test" ? c.req.header("x-test-ip")! : "unknown";
  }
}
