// Signing in for a browser test without the form: the real login call, then the session stored the way
// the sign-in screens store it (src/lib/auth-storage.ts). Used by client-session.ts and staff-session.ts.
import type { Page } from "playwright-core";
import type { E2E } from "./harness.js";

export const PASSWORD = "demo-password";

export interface LoginAnswer {
  token: string;
  user: { name: string; email: string; role: string };
}

/** The login call of `loginPath` (/api/client/login or /api/auth/login) with the demo password. */
export async function apiLogin(e2e: E2E, loginPath: string, email: string, who: string): Promise<LoginAnswer> {
  const response = await e2e.server.request(loginPath, { method: "POST", json: { email, password: PASSWORD } });
  if (!response.ok) throw new Error(`${who} login failed: ${response.status}`);
  return (await response.json()) as LoginAnswer;
}

/** Stores the session in the page's origin, as the client ("client") or staff ("admin") sign-in does. */
export async function storeSession(page: Page, { token, user }: LoginAnswer, authType: "client" | "admin") {
  await page.evaluate(
    ([token, user, authType]) => {
      localStorage.setItem("auth_token", token);
      localStorage.setItem("user_data", user);
      localStorage.setItem("auth_type", authType);
    },
    [token, JSON.stringify(user), authType] as const,
  );
}
