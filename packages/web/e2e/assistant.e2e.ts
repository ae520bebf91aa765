// The AI assistant in Chromium, against the real server and the embedded engine over the demo seed: a
// ticket drafted from what the person said and confirmed with the button, a link in a reply followed to
// the ticket, "talk to a person" handing the conversation over with the SLA's promise, and the message
// box kept on screen on a phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MOBILE, startE2EForFile } from "./harness.js";
import { type ClientTicket, clientTickets, openAsClient } from "./client-session.js";

const e2e = startE2EForFile();

async function openAssistant(options: { viewport?: { width: number; height: number } } = {}) {
  const opened = await openAsClient(e2e, "/client-dashboard", options);
  await opened.page.getByRole("tab", { name: "AI Assistant" }).click();
  const panel = opened.page.getByRole("region", { name: "Chat with the AI assistant" });
  // The conversation loaded (the seed has one), so the replies counted before a question are all there.
  await panel.getByRole("log").waitFor();
  return { ...opened, panel };
}

/** Sends a message and waits for the stored reply (its quick replies, when it has any, come with it). */
async function ask(page: Page, text: string) {
  const panel = page.getByRole("region", { name: "Chat with the AI assistant" });
  const before = await panel.getByTestId("chat-assistant").count();
  await panel.getByLabel("Message").fill(text);
  await panel.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => panel.getByTestId("chat-assistant").count(), { timeout: 15_000 }).toBe(before + 1);
  await expect.poll(() => panel.getByTestId("assistant-typing").count(), { timeout: 15_000 }).toBe(0);
  return panel.getByTestId("chat-assistant").last();
}

describe("AI assistant in the browser", () => {
  it("drafts a ticket from the problem as said, and opens it when the button is pressed", async () => {
    const { page, panel, token } = await openAssistant();
    const before = await clientTickets(e2e, token);

    const reply = await ask(page, "My laptop won't connect to wifi, can you open a ticket?");
    await reply.getByText("Laptop cannot connect to Wi-Fi").waitFor();
    // Markdown: the field names are bold, the reasons are shown, nothing was opened yet.
    expect(await reply.locator("strong", { hasText: "Title:" }).count()).toBe(1);
    await reply.getByText(/Incident, because something is not working/).waitFor();
    expect(await clientTickets(e2e, token)).toHaveLength(before.length);

    await panel.getByRole("button", { name: "Yes, open it" }).click();
    const created = panel.getByRole("link", { name: /^Ticket #[0-9a-f]{8} created$/ });
    await created.waitFor();
    // Answered: the buttons of the draft are gone.
    expect(await panel.getByRole("button", { name: "Yes, open it" }).count()).toBe(0);

    const after = await clientTickets(e2e, token);
    expect(after).toHaveLength(before.length + 1);
    const ticket = after.find((t) => !before.some((b) => b.id === t.id))!;
    expect(ticket).toMatchObject({ title: "Laptop cannot connect to Wi-Fi", type: "INCIDENT", priority: "P3" });
    expect(await created.getAttribute("href")).toBe(`/client/tickets/${ticket.id}`);
  });

  it("links a ticket in a reply, and the link opens the ticket", async () => {
    const { page } = await openAssistant();
    const reply = await ask(page, "Any update on the server ticket?");
    const link = reply.getByRole("link", { name: /Practice management server is down/ });
    const href = await link.getAttribute("href");
    expect(href).toMatch(/^\/client\/tickets\/[0-9a-f-]{36}$/);

    await link.click();
    await page.waitForURL(`**${href}`);
    await page.getByRole("heading", { name: "Practice management server is down" }).waitFor();
  });

  it("shows where a knowledge answer comes from, linking the page", async () => {
    const { page } = await openAssistant();
    const reply = await ask(page, "How quickly can you fix our email deliverability?");
    await reply.getByText("48 hours").first().waitFor();
    const source = reply.getByTestId("chat-source");
    expect(await source.textContent()).toBe("From the Email Deliverability page");
    expect(await source.getByRole("link").getAttribute("href")).toBe("/services/email-deliverability");
  });

  it("hands the conversation to a person: a ticket with the conversation, and when they will hear back", async () => {
    const { page, panel, token } = await openAssistant();
    const before = await clientTickets(e2e, token);
    await ask(page, "Our reception printer prints blank pages since this morning");
    const offer = await ask(page, "I'd like to talk to a person");
    await offer.getByText(/pass this conversation to our support team/).waitFor();

    // The company's conversation is shared: earlier tickets of this file are linked in it too.
    const createdLinks = panel.getByRole("link", { name: /^Ticket #[0-9a-f]{8} created$/ });
    const linksBefore = await createdLinks.count();
    await panel.getByRole("button", { name: "Yes, talk to a person" }).click();
    await expect.poll(() => createdLinks.count(), { timeout: 15_000 }).toBe(linksBefore + 1);
    const done = panel.getByTestId("chat-assistant").last();
    await done.getByText(/with this conversation attached/).waitFor();
    // The promise comes from the ticket's SLA: within one business day, by a date and time.
    expect(await done.textContent()).toMatch(/You'll hear back within one business day by .+ E[SD]T/);

    const created = (await clientTickets(e2e, token)).find((t) => !before.some((b) => b.id === t.id))!;
    const ticket = (await (
      await e2e.server.request(`/api/client/tickets/${created.id}`, { token })
    ).json()) as ClientTicket;
    expect(ticket.title).toBe("Call back about: Reception printer prints blank pages since this morning");
    expect(ticket.description).toContain("Dana Whitfield: Our reception printer prints blank pages since this morning");
    expect(ticket.description).toContain("Dana Whitfield: I'd like to talk to a person");
  });

  it("keeps the message box on screen on a phone", async () => {
    const { page, panel } = await openAssistant({ viewport: { width: MOBILE.width, height: 560 } });
    await ask(page, "What are your business hours?");
    const box = panel.getByLabel("Message");
    await box.scrollIntoViewIfNeeded();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.height).toBeLessThanOrEqual(560);
    const input = (await box.boundingBox())!;
    expect(input.y + input.height).toBeLessThanOrEqual(560);
    expect(input.y).toBeGreaterThanOrEqual(0);
  });
});
