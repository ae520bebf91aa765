// Accounts in Chromium against the real server: "Forgot password" from the mail in the outbox, and My
// account's password change and sessions.
import { describe, expect, it } from "vitest";
import { createHmac } from "node:crypto";
import { expireSudoMode } from "@repo/api/testing";
import { ACME, openAsClient, seeText } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { PASSWORD, STAFF, openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();

/** The path of the newest reset link mailed to `email` (the mail's link names the public address). */
async function resetLinkOf(email: string): Promise<string> {
  const mail = (await e2e.server.mailsTo(email)).find((m) => m.kind === "account.password_reset");
  const link = mail?.text.match(/https?:\/\/\S+\/reset-password\S+/)?.[0];
  if (!link) throw new Error(`no reset mail to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search + url.hash;
}

/** What an authenticator app shows for a base32 key, `offset` steps from now (RFC 6238, SHA-1, 6 digits). */
function authenticatorCode(secret: string, offset = 0): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bits = [...secret.replace(/=+$/, "")].map((c) => alphabet.indexOf(c).toString(2).padStart(5, "0")).join("");
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const mac = createHmac("sha1", key).update(counter).digest();
  const at = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

describe("two-factor sign-in", () => {
  it("is set up from My account with the app's code, and then the sign-in asks for the next code", async () => {
    const { page } = await openAsStaff(e2e, "/account", STAFF.agent.email);
    await page.getByRole("button", { name: "Set up authenticator app" }).click();
    await page.getByAltText("QR code to add this account to an authenticator app").waitFor();
    const secret = (await page.locator("code").first().textContent())!.trim();
    await page.getByLabel("Code from the app").fill(authenticatorCode(secret));
    await page.getByRole("button", { name: "Turn on" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" });
    await codes.waitFor();
    expect(await codes.getByRole("listitem").count()).toBe(10);
    await page.getByRole("button", { name: "I have saved them" }).click();
    await seeText(page, "Two-factor sign-in is on");

    const signIn = await e2e.open("/admin");
    await signIn.page.getByLabel("Email").fill(STAFF.agent.email);
    await signIn.page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await signIn.page.getByRole("button", { name: "Sign In" }).click();
    await signIn.page.getByLabel("Authentication code").fill(authenticatorCode(secret, 1));
    await signIn.page.getByRole("button", { name: "Verify" }).click();
    await signIn.page.waitForURL("**/dashboard");
  });
});

describe("passkeys", () => {
  it("registers a passkey with Chromium's virtual authenticator, signs in with it alone, and re-proves with it to remove it", async () => {
    // WebAuthn needs a domain name, not an IP address: this test browses to localhost.
    const context = await e2e.browser.newContext({ baseURL: e2e.server.url.replace("127.0.0.1", "localhost") });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    await page.goto("/client-auth");
    await page.getByLabel("Email").fill(ACME.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("link", { name: "My account" }).click();
    await page.getByLabel("Passkey name").fill("Virtual key");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("table", { name: "Passkeys" }).getByText("Virtual key").waitFor();

    await page.getByRole("link", { name: "← Back to the dashboard" }).click();
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/client-auth");
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByRole("heading", { name: `Welcome, ${ACME.name}` }).waitFor();

    // Minutes later, removing it asks who it is again; the passkey itself is the proof.
    const token = await page.evaluate(() => localStorage.getItem("auth_token"));
    await expireSudoMode(e2e.server, token!);
    await page.getByRole("link", { name: "My account" }).click();
    await page.getByRole("button", { name: "Remove passkey Virtual key" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.getByRole("button", { name: "Use a passkey" }).click();
    await page.getByText("No passkeys yet.").waitFor();
    await context.close();
  });
});

describe("sudo mode", () => {
  it("asks for the password in a dialog when the session's sign-in is too old, then carries on", async () => {
    const { page, token } = await openAsStaff(e2e, "/account", STAFF.viewer.email);
    await expireSudoMode(e2e.server, token);
    await page.getByRole("button", { name: "Set up authenticator app" }).click();

    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByText("The current password is not correct").waitFor();
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();

    // The change asked for goes through once the password is given: the key to scan shows.
    await page.getByAltText("QR code to add this account to an authenticator app").waitFor();
    await dialog.waitFor({ state: "hidden" });
  });
});

describe("forgot password", () => {
  it("mails a link from the sign-in page; the link sets a new password that then signs in", async () => {
    const { page } = await e2e.open("/client-auth");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
    await page.getByLabel("Email").fill(ACME.email);
    await page.getByRole("button", { name: "Send link" }).click();
    await seeText(page, "Check your email");

    await page.goto(await resetLinkOf(ACME.email));
    await page.getByLabel("New password", { exact: true }).fill("a fresh passphrase for dana");
    // The token has left the address bar.
    expect(new URL(page.url()).hash).toBe("");
    await page.getByLabel("Confirm new password").fill("a fresh passphrase for dana");
    await page.getByRole("button", { name: "Change password" }).click();
    await seeText(page, "Your password has been changed");

    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(ACME.email);
    await page.getByLabel("Password", { exact: true }).fill("a fresh passphrase for dana");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { name: `Welcome, ${ACME.name}` }).waitFor();
  });
});

describe("my account", () => {
  it("lists this browser and another, signs the other out, and changes the password", async () => {
    const birch = "client@birch.test";
    const other = await openAsClient(e2e, "/client-dashboard", { email: birch });
    const { page } = await openAsClient(e2e, "/client-dashboard", { email: birch });
    await page.getByRole("link", { name: "My account" }).click();
    await page.getByRole("heading", { name: "My account" }).waitFor();

    const table = page.getByRole("table", { name: "Sessions" });
    await table.getByText("This browser").waitFor();
    expect(await table.getByRole("row").count()).toBe(3); // the header and two sessions
    await table.getByRole("button", { name: /^Sign out / }).click();
    await expect.poll(() => table.getByRole("row").count()).toBe(2);
    expect((await e2e.server.request("/api/auth/me", { token: other.token })).status).toBe(401);

    await page.getByLabel("Current password").fill("demo-password");
    await page.getByLabel("New password", { exact: true }).fill("password123");
    await page.getByLabel("Confirm new password").fill("password123");
    await page.getByRole("button", { name: "Change password" }).click();
    await seeText(page, "This password appears in lists of breached passwords. Please choose another.");

    await page.getByLabel("New password", { exact: true }).fill("birch legal's own passphrase");
    await page.getByLabel("Confirm new password").fill("birch legal's own passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await seeText(page, "Password changed");
    const login = await e2e.server.request("/api/client/login", {
      method: "POST",
      json: { email: birch, password: "birch legal's own passphrase" },
    });
    expect(login.status).toBe(200);
  });
});
