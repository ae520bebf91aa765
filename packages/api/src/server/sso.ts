// The browser's side of single sign-on (docs/architecture.md §6a): two GET routes that answer with
// redirects, since the browser leaves for the identity provider and comes back. The decisions live in
// auth/sso.ts; here are only the cookie that ties a sign-in to its browser and the redirects.
import type { AccountPortal } from "@repo/validators";
import { getCookie } from "hono/cookie";
import { finishSso, parseSsoCookie, SSO_MESSAGES, SSO_STATE_TTL_MS, ssoRedirectUri, startSso } from "../auth/sso.js";
import { asDomainError } from "../errors.js";
import type { AppContext } from "./http.js";
import { log } from "../logger.js";

const FLOW_COOKIE = "sso_flow";
const COOKIE_PATH = "/api/auth/sso";
const SIGN_IN_PAGES: Record<AccountPortal, string> = { client: "/client-auth", staff: "/admin" };

function flowCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${FLOW_COOKIE}=${value}`,
    `Path=${COOKIE_PATH}`,
    "HttpOnly",
    // Lax: the provider's redirect back is a top-level GET, which carries it; a cross-site POST does not.
    "SameSite=Lax",
    `Max-Age=${maxAgeSeconds}`,
    secure ? "Secure" : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** Back to the portal's sign-in page with a message the page shows (?sso_error=). */
function refused(c: AppContext, portal: AccountPortal, message: string): Response {
  const params = new URLSearchParams({ sso_error: message });
  return c.redirect(`${SIGN_IN_PAGES[portal]}?${params}`, 302);
}

/** GET /api/auth/sso/{provider}?portal=client|staff: off to the provider. */
export async function ssoStartHandler(c: AppContext): Promise<Response> {
  const portal: AccountPortal = c.req.query("portal") === "staff" ? "staff" : "client";
  const ctx = await c.var.context();
  const provider = c.req.param("provider") ?? "";
  try {
    const { url, browserSecret } = await startSso(ctx.db, ctx.config, {
      provider,
      portal,
      redirectUri: ssoRedirectUri(ctx.config, c.req.url, provider),
      ip: ctx.ip,
    });
    const secure = ctx.config.NODE_ENV === "production";
    c.header("Set-Cookie", flowCookie(`${portal}.${browserSecret}`, SSO_STATE_TTL_MS / 1000, secure));
    c.header("Cache-Control", "no-store");
    return c.redirect(url, 302);
  } catch (error) {
    const known = asDomainError(error);
    if (!known) log.error({ err: error, provider }, "single sign-on could not start");
    return refused(c, portal, known?.message ?? SSO_MESSAGES.failed);
  }
}

/**
 * GET /api/auth/sso/{provider}/callback: the provider's answer. A session goes to the web app in the
 * URL's fragment, which never reaches a server, a log or a Referer; the session cookie is set too.
 */
export async function ssoCallbackHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  const provider = c.req.param("provider") ?? "";
  const flow = parseSsoCookie(getCookie(c, FLOW_COOKIE));
  const portal = flow?.portal ?? "client";
  const secure = ctx.config.NODE_ENV === "production";
  c.header("Set-Cookie", flowCookie("", 0, secure), { append: true });
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  // The callback URL as registered (PUBLIC_URL behind a proxy), with the provider's parameters.
  const callbackUrl = new URL(ssoRedirectUri(ctx.config, c.req.url, provider));
  callbackUrl.search = new URL(c.req.url).search;
  try {
    const result = await finishSso(ctx, { provider, callbackUrl, browserSecret: flow?.secret ?? null });
    // A session, or the challenge of the second factor still to come (the page then asks for it).
    const fragment = new URLSearchParams(
      "challenge" in result
        ? { challenge: result.challenge, secondFactor: result.secondFactor }
        : { token: result.token, name: result.user.name, email: result.user.email, role: result.user.role },
    );
    return c.redirect(`/sso-complete?portal=${portal}#${fragment}`, 302);
  } catch (error) {
    const known = asDomainError(error);
    if (!known) log.error({ err: error, provider }, "single sign-on failed");
    return refused(c, portal, known?.message ?? SSO_MESSAGES.failed);
  }
}
