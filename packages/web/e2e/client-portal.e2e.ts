// The client portal in Chromium, against the real server over the demo seed: sign-in, the dashboard and
// its tabs, ticket creation, the ticket screen, comments, the assistant, and a live update from staff.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";
import { ACME, type ClientTicket, clientTickets, openAsClient, seeText } from "./client-session.js";
import { fillLabelled } from "./forms.js";

const e2e = startE2EForFile();

async function ticketTitled(token: string, title: string): Promise<ClientTicket> {
  const ticket = (await clientTickets(e2e, token)).find((t) => t.title === title);
  if (!ticket) throw new Error(`no ticket "${title}"`);
  return ticket;
}

const counter = (page: Page, label: string) => page.getByRole("group", { name: label }).locator("p").nth(1);

describe("client sign-in", () => {
  it("checks the form, reports a refused sign-in, then signs in and lands on the dashboard", async () => {
    const { page } = await e2e.open("/client-auth");
    await page.getByRole("heading", { name: "Client Login" }).waitFor();

    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Valid email is required");
    await seeText(page, "Password is required");

    await page.getByLabel("Email").fill(ACME.email);
    await page.getByLabel("Password", { exact: true }).fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Login failed");
    await seeText(page, "Invalid email or password");

    await page.getByLabel("Password", { exact: true }).fill("demo-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Login successful");
    await seeText(page, `Welcome back, ${ACME.name}!`);
    await page.waitForURL("**/client-dashboard");

    const stored = await page.evaluate(() => ({
      token: localStorage.getItem("auth_token"),
      user: JSON.parse(localStorage.getItem("user_data") ?? "null"),
      type: localStorage.getItem("auth_type"),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.user).toEqual({ name: ACME.name, email: ACME.email, role: "CLIENT" });
    expect(stored.type).toBe("client");
  });

  it("refuses a staff account at the client login with the server's reason", async () => {
    const { page } = await e2e.open("/client-auth");
    await page.getByLabel("Email").fill("agent@northwind.test");
    await page.getByLabel("Password", { exact: true }).fill("demo-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await seeText(page, "Login failed");
    await seeText(page, "This sign-in is for client accounts. Staff members sign in at /admin.");
  });

  it("sends a signed-in client from /client-auth to the dashboard, and logs out to /client-auth", async () => {
    const { page } = await openAsClient(e2e, "/client-auth");
    await page.waitForURL("**/client-dashboard");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL("**/client-auth");
    expect(await page.evaluate(() => localStorage.getItem("auth_token"))).toBeNull();
  });
});

describe("client dashboard", () => {
  it("shows the company badge, the welcome and the counters with the spec's groupings", async () => {
    const { page } = await openAsClient(e2e, "/client");
    await page.getByRole("heading", { name: `Welcome, ${ACME.name}` }).waitFor();
    await page.getByTestId("company-badge").getByText(ACME.company).waitFor();
    await page.getByTestId("ticket-card").first().waitFor();

    // Seed: NEW, TRIAGED | IN_PROGRESS | WAITING_CUSTOMER | RESOLVED, CLOSED.
    expect(await counter(page, "Open Tickets").textContent()).toBe("2");
    expect(await counter(page, "In Progress").textContent()).toBe("1");
    expect(await counter(page, "Resolved").textContent()).toBe("2");
    expect(await counter(page, "Total").textContent()).toBe("6");
    expect(await page.getByTestId("ticket-card").count()).toBe(6);
    // Birch Legal's tickets never reach Acme's client.
    expect(await page.getByText("VPN disconnects every few minutes").count()).toBe(0);
  });

  it("walks the other tabs: inventory link, company profile, assistant history", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard");

    await page.getByRole("tab", { name: "Device Inventory" }).click();
    expect(await page.getByRole("link", { name: "Open Device Inventory" }).getAttribute("href")).toBe(
      "/client/inventory",
    );

    await page.getByRole("tab", { name: "Company Profile" }).click();
    await seeText(page, "office@acme.test");
    await seeText(page, "+1 (416) 555-0188");
    await seeText(page, "120 Queen St W, Toronto, ON M5H 2N2");

    await page.getByRole("tab", { name: "AI Assistant" }).click();
    await seeText(page, "How long does a security hardening sprint take?");
    expect(await page.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
  });

  it("shows only the fields a company has in its profile", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard", { email: "client@birch.test" });
    await page.getByRole("tab", { name: "Company Profile" }).click();
    await seeText(page, "admin@birch.test");
    expect(await page.getByText("Contact Phone").count()).toBe(0);
    expect(await page.getByText("Address").count()).toBe(0);
  });

  it("creates a ticket after showing the validation messages, on a phone", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard", {
      email: "client@birch.test",
      viewport: MOBILE,
    });
    const before = (await clientTickets(e2e, token)).length;
    await page.getByRole("button", { name: "New Ticket" }).click();
    const form = page.getByRole("form", { name: "New Ticket" });

    await fillLabelled(form, { Title: "Tiny", Description: "Too short" });
    await form.getByRole("button", { name: "Create Ticket" }).click();
    await seeText(page, "Title must be at least 5 characters");
    await seeText(page, "Description must be at least 20 characters");

    await form.getByLabel("Title").fill("Conference room screen flickers");
    await form
      .getByLabel("Description")
      .fill("The wall screen in the main conference room flickers every few seconds.");
    await form.getByLabel("Priority").click();
    await page.getByRole("option", { name: "P2 High" }).click();
    await form.getByRole("button", { name: "Create Ticket" }).click();
    await seeText(page, "Ticket created");
    await page.getByTestId("ticket-card").getByText("Conference room screen flickers").waitFor();

    const created = await ticketTitled(token, "Conference room screen flickers");
    expect(created.status).toBe("NEW");
    expect(await clientTickets(e2e, token)).toHaveLength(before + 1);
    const full = (await (await e2e.server.request(`/api/client/tickets/${created.id}`, { token })).json()) as Record<
      string,
      unknown
    >;
    expect(full).toMatchObject({
      priority: "P2",
      type: "REQUEST",
      requesterName: "Jordan Birch",
      requesterEmail: "client@birch.test",
    });
  });
});

describe("client ticket screen", () => {
  it("opens from its card with the short reference, edits, and refreshes", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard");
    const ticket = await ticketTitled(token, "Front desk printer jams on every second page");

    await page.getByTestId("ticket-card").filter({ hasText: ticket.title }).click();
    await page.waitForURL(`**/client/tickets/${ticket.id}`);
    await page.getByRole("heading", { name: `Ticket #${ticket.id.slice(-8)}` }).waitFor();

    await page.getByRole("button", { name: "Edit Ticket" }).click();
    const form = page.getByRole("form", { name: "Edit Ticket" });
    await form.getByLabel("Title").fill("Jam");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await seeText(page, "Title must be at least 5 characters");
    await form.getByLabel("Title").fill("Front desk printer jams on every page");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await seeText(page, "Ticket updated");
    await page.getByRole("heading", { name: "Front desk printer jams on every page" }).waitFor();

    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("heading", { name: "Front desk printer jams on every page" }).waitFor();
    await page.getByRole("link", { name: "← Back" }).click();
    await page.waitForURL("**/client");
  });

  it("refuses editing a RESOLVED ticket, on screen and on the server; a comment reopens it", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard");
    const ticket = await ticketTitled(token, "Quarterly backup restore test");
    await page.goto(`/client/tickets/${ticket.id}`);

    await seeText(page, "This ticket is RESOLVED and cannot be edited.");
    expect(await page.getByRole("button", { name: "Edit Ticket" }).isDisabled()).toBe(true);

    const refused = await e2e.server.request(`/api/client/tickets/${ticket.id}`, {
      method: "PATCH",
      token,
      json: { title: "Sneaky change" },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe("This ticket is RESOLVED and cannot be edited.");

    const comment = page.getByRole("form", { name: "Add a comment" });
    await comment.getByRole("button", { name: "Add Comment" }).click();
    await seeText(page, "Comment is required");
    await comment.getByLabel("Add a comment").fill("The restore test failed again this quarter.");
    await comment.getByRole("button", { name: "Add Comment" }).click();
    await page.getByTestId("comment").filter({ hasText: "The restore test failed again this quarter." }).waitFor();
    await page.getByText("Triaged", { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Edit Ticket" }).isEnabled()).toBe(true);
    expect((await ticketTitled(token, ticket.title)).status).toBe("TRIAGED");
  });

  it("never shows a staff member's internal note, and shows their public reply live", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard");
    const ticket = await ticketTitled(token, "Practice management server is down");
    const socket = page.waitForEvent("websocket");
    await page.goto(`/client/tickets/${ticket.id}`);
    await socket;
    await page.getByRole("heading", { name: `Ticket #${ticket.id.slice(-8)}` }).waitFor();
    await page.getByTestId("comment").first().waitFor();

    const agent = await e2e.server.login("agent@northwind.test");
    const note = { content: "Internal: the RAID card vendor is slow to reply.", internal: true };
    expect(
      (await e2e.server.request(`/api/tickets/${ticket.id}/comments`, { method: "POST", token: agent, json: note })).ok,
    ).toBe(true);
    const reply = { content: "The replacement RAID card arrives tomorrow morning." };
    expect(
      (await e2e.server.request(`/api/tickets/${ticket.id}/comments`, { method: "POST", token: agent, json: reply }))
        .ok,
    ).toBe(true);

    // The public reply arrives over the socket without a reload; the note never does.
    await page.getByTestId("comment").filter({ hasText: reply.content }).waitFor();
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByTestId("comment").filter({ hasText: reply.content }).waitFor();
    expect(await page.getByText(note.content).count()).toBe(0);
  });

  it("shows the failure screen for another company's ticket", async () => {
    const birch = await e2e.server.login("client@birch.test");
    const foreign = await ticketTitled(birch, "VPN disconnects every few minutes");
    const { page } = await openAsClient(e2e, `/client/tickets/${foreign.id}`);

    await seeText(page, "Ticket not found or you don't have permission to view it.");
    await seeText(page, "Failed to fetch ticket");
    await page.getByRole("link", { name: "Return to Dashboard" }).click();
    await page.waitForURL("**/client");
  });
});

describe("AI assistant", () => {
  it("answers a question and keeps the conversation", async () => {
    const { page } = await openAsClient(e2e, "/client-dashboard");
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    const panel = page.getByRole("region", { name: "Chat with the AI assistant" });
    await panel.getByText("How long does a security hardening sprint take?").waitFor();
    const answersBefore = await panel.getByTestId("chat-assistant").count();

    await panel.getByLabel("Message").fill("How many open tickets do we have?");
    await panel.getByRole("button", { name: "Send" }).click();
    await panel.getByTestId("chat-user").filter({ hasText: "How many open tickets do we have?" }).waitFor();
    await expect.poll(() => panel.getByTestId("chat-assistant").count(), { timeout: 15_000 }).toBe(answersBefore + 1);
    await expect.poll(() => panel.getByRole("button", { name: "Send" }).isDisabled()).toBe(true);
    expect((await panel.getByTestId("chat-assistant").last().textContent())?.trim().length).toBeGreaterThan(10);

    await page.reload();
    await page.getByRole("tab", { name: "AI Assistant" }).click();
    await panel.getByText("How many open tickets do we have?").waitFor();
  });
});

describe("live updates", () => {
  it("shows 'Ticket Updated' and the new status when staff change a ticket from another session", async () => {
    const { page, token } = await openAsClient(e2e, "/client-dashboard", { liveUpdates: true });
    const ticket = await ticketTitled(token, "New laptop for incoming office manager");
    const card = page.getByTestId("ticket-card").filter({ hasText: ticket.title });
    await card.getByText("Waiting on Customer").waitFor();

    const agent = await e2e.server.login("agent@northwind.test");
    const changed = await e2e.server.request(`/api/tickets/${ticket.id}`, {
      method: "PATCH",
      token: agent,
      json: { status: "IN_PROGRESS" },
    });
    expect(changed.ok).toBe(true);

    await seeText(page, "Ticket Updated");
    await card.getByText("In Progress").waitFor();
    await expect.poll(() => counter(page, "In Progress").textContent()).toBe("2");
  });
});
