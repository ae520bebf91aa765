// Inviting a person in Chromium against the real server: the admin sends the invitation from /users, the
// link is read from the outbox, the person chooses a password and lands in the staff portal.
import { describe, expect, it } from "vitest";
import { seeText } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff } from "./staff-session.js";

const e2e = startE2EForFile();
const NEW = { name: "Nora Quill", email: "nora@northwind.test", password: "violet harbour lantern 42" };

/** The path of the newest invitation link mailed to `email`. */
async function invitationLinkOf(email: string): Promise<string> {
  const mail = (await e2e.server.mailsTo(email)).find((m) => m.kind === "account.invitation");
  const link = mail?.text.match(/https?:\/\/\S+\/accept-invitation\S+/)?.[0];
  if (!link) throw new Error(`no invitation mail to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search + url.hash;
}

describe("inviting a user", () => {
  it("the admin invites, the person sets a password from the mail and signs in to the portal", async () => {
    const { page } = await openAsStaff(e2e, "/users");
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add User" });
    await dialog.getByLabel("Name").fill(NEW.name);
    await dialog.getByLabel("Email").fill(NEW.email);
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    await seeText(page, "Invitation sent");
    await page.locator(`[data-user-email="${NEW.email}"]`).getByText("Invited").waitFor();

    await page.goto(await invitationLinkOf(NEW.email));
    await page.getByLabel("New password", { exact: true }).fill(NEW.password);
    expect(new URL(page.url()).hash).toBe(""); // the token has left the address bar
    await page.getByLabel("Confirm new password").fill(NEW.password);
    await page.getByRole("button", { name: "Set password" }).click();
    await seeText(page, "Your account is ready");

    await page.evaluate(() => localStorage.clear());
    await page.getByRole("link", { name: "Sign in" }).click();
    await page.getByLabel("Email").fill(NEW.email);
    await page.getByLabel("Password", { exact: true }).fill(NEW.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL("**/dashboard");
  });
});
