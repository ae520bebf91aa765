// The end of every way in (password, two factors, passkey, single sign-on): a new session for a person
// who proved who they are, its token in the body (the spec's answer) and as the HttpOnly cookie.
import type { Role } from "@repo/validators";
import type { Context } from "../context.js";
import { createSession, generateSessionToken, sessionCookie } from "./session.js";

/** Where a request came from, for the session list and the sign-in log. */
export const requestOrigin = (ctx: Pick<Context, "headers" | "ip">) => ({
  ip: ctx.ip,
  userAgent: ctx.headers.get("user-agent"),
});

/**
 * Each portal admits its own people: clients the client portal, staff the staff one. The refusal says
 * where to go instead; null when the person may sign in here. Shared by every way in.
 */
export function portalRefusal(role: string, portal: "client" | "staff"): string | null {
  const isClient = role === "CLIENT";
  if (portal === "client" && !isClient) return "This sign-in is for client accounts. Staff members sign in at /admin.";
  if (portal === "staff" && isClient) return "This sign-in is for staff accounts. Clients sign in at /client-auth.";
  return null;
}

export async function startSession(
  ctx: Pick<Context, "db" | "headers" | "ip" | "resHeaders" | "config">,
  user: { id: string; name: string; email: string; role: string },
) {
  const token = generateSessionToken();
  const session = await createSession(ctx.db, token, user.id, requestOrigin(ctx));
  ctx.resHeaders.append("Set-Cookie", sessionCookie(token, session.expiresAt, ctx.config.NODE_ENV === "production"));
  return { token, user: { name: user.name, email: user.email, role: user.role as Role } };
}
