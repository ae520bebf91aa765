// Security headers and the CSRF check for cookie-authenticated writes.
import type { MiddlewareHandler } from "hono";

const CSP = [
  "default-src 'self'",
  // Inline: Mantine's colour-scheme script and the prerendered pages' hydration data.
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  c.header("Content-Security-Policy", CSP);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("X-Frame-Options", "DENY");
  c.header("Referrer-Policy", "strict-origin-when-cross-origin");
  c.header("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
};

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A cookie rides along on cross-site requests, so a write authenticated by cookie must come from our own
 * origin. hono/csrf only covers form content types and tRPC also accepts others, hence this check.
 * Bearer-token calls are not at risk (a foreign site cannot read the token) and pass.
 */
export const sameOriginWrites: MiddlewareHandler = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || c.req.header("authorization")) return next();
  const origin = c.req.header("origin");
  if (origin && c.req.header("cookie")) {
    const host = c.req.header("x-forwarded-host") ?? c.req.header("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (originHost !== host) {
      return c.json({ error: "Cross-site request refused", code: "FORBIDDEN" }, 403);
    }
  }
  return next();
};
