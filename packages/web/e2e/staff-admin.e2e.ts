// The ADMIN screens in Chromium: a user created on the Users screen signs in; deactivating them ends
// the session they have open; a company added on the Clients screen can be picked for a ticket.
import { describe, expect, it } from "vitest";
import { startE2EForFile } from "./harness.js";
import { STAFF, openAsStaff, pick, seeText } from "./staff-session.js";
import { fillLabelled } from "./forms.js";

const e2e = startE2EForFile();

const NEW_AGENT = { name: "Morgan Lee", email: "morgan@northwind.test", password: "a-long-password" };

describe("users and clients (ADMIN)", () => {
  it("keeps agents out of the admin screens", async () => {
    const { page } = await openAsStaff(e2e, "/users", STAFF.agent.email);
    await page.waitForURL("**/dashboard");
    expect(await page.getByRole("banner").getByRole("link", { name: "Users" }).count()).toBe(0);
  });

  it("creates an agent who can then sign in, and deactivating them ends their open session", async () => {
    const admin = await openAsStaff(e2e, "/users");
    await admin.page.getByRole("button", { name: "Add User" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Add User" });
    await fillLabelled(dialog, { Name: NEW_AGENT.name, Email: NEW_AGENT.email });
    // An invitation is the default (e2e/invitations.e2e.ts); this admin sets the password instead.
    await dialog.getByRole("radio", { name: "Set a password" }).check();
    await dialog.getByRole("textbox", { name: "Password" }).fill(NEW_AGENT.password);
    await dialog.getByRole("button", { name: "Create User" }).click();
    await seeText(admin.page, "User created");
    await admin.page.getByRole("cell", { name: NEW_AGENT.email }).waitFor();

    const agent = await e2e.open("/admin");
    await agent.page.getByLabel("Email").fill(NEW_AGENT.email);
    await agent.page.getByRole("textbox", { name: "Password" }).fill(NEW_AGENT.password);
    await agent.page.getByRole("button", { name: "Sign In" }).click();
    await agent.page.waitForURL("**/dashboard");
    // Watched from before the deactivation: a refetch after the server closes their socket may bring the
    // refusal at once, and the toast saying so is gone after 5 s, sooner than the steps below may take.
    const refusalShown = agent.page
      .getByText("Authentication required")
      .first()
      .waitFor({ state: "visible", timeout: 45_000 });
    refusalShown.catch(() => undefined);

    await admin.page.getByRole("button", { name: `Actions for ${NEW_AGENT.name}` }).click();
    await admin.page.getByRole("menuitem", { name: "Deactivate" }).click();
    await admin.page
      .getByRole("dialog", { name: "Deactivate User" })
      .getByRole("button", { name: "Deactivate" })
      .click();
    await seeText(admin.page, "User deactivated");
    await admin.page.locator(`[data-user-email="${NEW_AGENT.email}"]`).getByText("Deactivated").waitFor();

    // Their next call is refused: the portal says so and returns to /admin with the session forgotten. A
    // refetch after the server closed their socket may make that call before the click does, and take the
    // link away: the click is not waited for, the refusal is.
    void agent.page
      .getByRole("link", { name: "New Ticket" })
      .click()
      .catch(() => undefined);
    await refusalShown;
    await agent.page.waitForURL("**/admin");
    expect(await agent.page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });

  it("adds a company whose name the ticket form then offers", async () => {
    const { page } = await openAsStaff(e2e, "/clients");
    await page.getByRole("article", { name: "Acme Dental" }).waitFor();
    await page.getByRole("button", { name: "Add Client" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Client" });
    await fillLabelled(dialog, { "Company Name": "Cedar Physiotherapy", "Contact Email": "front@cedar.test" });
    await dialog.getByRole("button", { name: "Create Client" }).click();
    await seeText(page, "Client created");
    await page.getByRole("article", { name: "Cedar Physiotherapy" }).getByText("front@cedar.test").waitFor();

    await page.goto("/tickets/new");
    await pick(page, "Client", "Cedar Physiotherapy");
    expect(await page.getByRole("combobox", { name: "Client" }).inputValue()).toBe("Cedar Physiotherapy");
  });
});
