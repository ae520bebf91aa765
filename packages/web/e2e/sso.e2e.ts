// Single sign-on in Chromium: the sign-in page's button, a real OpenID Provider on loopback (its login
// step answered for a named test account), the callback, and the landing page that stores the session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ssoTestClient,
  ssoTestConfig,
  startIdentityProvider,
  type TestIdentityProvider,
} from "@repo/api/testing/identity-provider";
import { startE2E, type E2E } from "./harness.js";

let idp: TestIdentityProvider;
let e2e: E2E;

beforeAll(async () => {
  idp = await startIdentityProvider();
  e2e = await startE2E({ config: ssoTestConfig(idp.issuer) });
  idp.start([ssoTestClient(e2e.server.url)]);
});
afterAll(async () => {
  await e2e?.close();
  await idp?.close();
});

describe("single sign-on", () => {
  it("signs a staff member in with Google and opens the dashboard, the token out of the address bar", async () => {
    idp.signInAs({ sub: "agent-1", email: "agent@northwind.test", email_verified: true });
    const { page } = await e2e.open("/admin");
    const google = page.getByRole("link", { name: "Sign in with Google" });
    await google.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL("**/dashboard");
    expect(page.url()).not.toContain("token=");
    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("auth_token"),
      type: localStorage.getItem("auth_type"),
      user: JSON.parse(localStorage.getItem("user_data") ?? "null"),
    }));
    expect(stored.token).toMatch(/^[a-z2-7]{32}$/);
    expect(stored.type).toBe("admin");
    expect(stored.user).toMatchObject({ email: "agent@northwind.test", role: "AGENT" });
    // The history holds no entry with the token either.
    await page.goBack();
    expect(page.url()).not.toContain("token=");
  });

  it("signs a client user in with Microsoft to the client dashboard", async () => {
    idp.signInAs({ sub: "client-1", email: "client@acme.test", xms_edov: true });
    const { page } = await e2e.open("/client-auth");
    await page.getByRole("link", { name: "Sign in with Microsoft" }).click();
    await page.waitForURL("**/client-dashboard");
    expect(await page.evaluate(() => localStorage.getItem("auth_type"))).toBe("client");
  });

  it("brings an unknown address back to the sign-in page with the reason", async () => {
    idp.signInAs({ sub: "stranger", email: "stranger@example.com", email_verified: true });
    const { page } = await e2e.open("/client-auth");
    await page.getByRole("link", { name: "Sign in with Google" }).click();
    await page.waitForURL("**/client-auth?**");
    const alert = page.getByRole("alert").filter({ hasText: "Single sign-on failed" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("No account here uses stranger@example.com");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});
