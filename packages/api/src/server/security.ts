// Security headers and the CSRF check for cookie-authenticated writes.
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import type { Config } from "../config.js";
import type { Finisher, HeaderEditor } from "./finished-response.js";
import { errorResponse } from "./http.js";
import { ForbiddenError } from "../errors.js";

/**
 * An inline script runs only if the policy names its hash. The pages' own (Mantine's colour-scheme script,
 * the router's scroll restoration, the API reference's start-up) are hashed as they are served, so the
 * policy allows exactly those and 'unsafe-inline' is not needed. Scripts with a src and data blocks
 * (JSON-LD) are not inline code.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

function contentSecurityPolicy(scriptHashes: string[]): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(" "),
    // Mantine sets style attributes from React; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    // 'self' covers the same-origin WebSocket (CSP Level 3).
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

const HTML = /^text\/html\b/i;
/** API answers carry personal data and session cookies: never stored by a browser or a proxy. */
const API = /^\/(api|trpc)(\/|$)/;

/** The security headers of every answer, and the script hashes of a page's policy (server/finished-response.ts). */
export function securityHeaders(config: Pick<Config, "NODE_ENV">): Finisher {
  const fixed: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "DENY"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    // Production is served over HTTPS (secure cookies); browsers should never try plain HTTP again.
    ...(config.NODE_ENV === "production"
      ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]]
      : []),
  ];
  const policyWithoutScripts = contentSecurityPolicy([]);
  const setHeaders = (c: Context, headers: HeaderEditor, policy: string) => {
    // A route that serves a stored file sets a stricter policy of its own (server/images.ts): kept.
    if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", policy);
    for (const [name, value] of fixed) headers.set(name, value);
    if (API.test(c.req.path) && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
  };
  return (c, res) => {
    if (!(HTML.test(res.headers.get("content-type") ?? "") && res.hasBody))
      return setHeaders(c, res.headers, policyWithoutScripts);
    return res.text().then((html) => {
      res.setBody(html);
      setHeaders(c, res.headers, contentSecurityPolicy(inlineScriptHashes(html)));
    });
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A cookie rides along on cross-site requests, so a write authenticated by cookie must come from our own
 * origin. hono/csrf only covers form content types and tRPC also accepts others, hence this check. Only a
 * Bearer token exempts a request (a foreign page cannot read one, and with one the cookie is not used);
 * any other Authorization header (Basic, which browsers replay on their own) does not.
 */
export function sameOriginWrites(config: Pick<Config, "TRUST_PROXY">): MiddlewareHandler {
  const refuse = () => errorResponse(new ForbiddenError("Cross-site request refused"));
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || /^bearer\s+\S/i.test(c.req.header("authorization") ?? "")) return next();
    if (!c.req.header("cookie")) return next();
    if (c.req.header("sec-fetch-site") === "cross-site") return refuse();
    const origin = c.req.header("origin");
    if (!origin) return next();
    // The host the browser addressed: a trusted proxy may have rewritten Host and kept it here.
    const host = (config.TRUST_PROXY > 0 && c.req.header("x-forwarded-host")) || c.req.header("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    return originHost === host ? next() : refuse();
  };
}
