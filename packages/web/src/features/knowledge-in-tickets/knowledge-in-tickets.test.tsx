// Articles in the agent desk (docs/features.md §17): the reply box's "Insert article" searches what the
// ticket's company may read and inserts a link or the text; "Draft article" turns a finished ticket's
// answer into a draft, and is offered only on a finished ticket.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { staffTicket } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const HIT = {
  id: "a1",
  title: "Connecting to the VPN",
  slug: "vpn-from-home",
  category: "Remote work",
  status: "published",
  visibility: "companies",
  updatedAt: "2026-11-01T10:00:00.000Z",
};

async function openTicket(overrides: Parameters<typeof staffTicket>[0] = {}) {
  answerDefaults();
  const ticket = staffTicket(overrides);
  api.on({
    "tickets.get": () => ticket,
    "knowledge.search": () => [HIT],
    "knowledge.read": () => ({ ...HIT, body: "Open FortiClient and connect." }),
    "knowledge.draftFromTicket": () => ({ ...HIT, id: "a2", title: ticket.title, status: "draft" }),
  });
  signInAs("AGENT", "Alex Morgan");
  renderApp(`/tickets/${ticket.id}`);
  const box = (await screen.findByRole("textbox", { name: "Reply to the client" })) as HTMLTextAreaElement;
  return { ticket, box };
}

describe("Insert article", () => {
  it("searches what the ticket's company reads and inserts a link, or the article's text", async () => {
    const { ticket, box } = await openTicket();
    fireEvent.click(screen.getByRole("button", { name: "Insert article" }));
    const link = await screen.findByRole("button", { name: "Insert a link to Connecting to the VPN", hidden: true });
    expect(api.callsTo("knowledge.search")[0]!.input).toMatchObject({ forCompany: ticket.clientId });
    fireEvent.click(link);
    await waitFor(() =>
      expect(box.value).toBe(`Connecting to the VPN: ${window.location.origin}/client/help/vpn-from-home`),
    );

    fireEvent.click(screen.getByRole("button", { name: "Insert article" }));
    fireEvent.click(
      await screen.findByRole("button", { name: "Insert the text of Connecting to the VPN", hidden: true }),
    );
    await waitFor(() => expect(box.value).toContain("Open FortiClient and connect."));
    expect(api.callsTo("knowledge.read")[0]!.input).toEqual({ slug: "vpn-from-home" });
  });
});

describe("Draft article", () => {
  it("is offered on a resolved ticket and drafts from it", async () => {
    const { ticket } = await openTicket({ status: "RESOLVED" });
    fireEvent.click(screen.getByRole("button", { name: "Draft article" }));
    await waitFor(() => expect(api.callsTo("knowledge.draftFromTicket")).toHaveLength(1));
    expect(api.callsTo("knowledge.draftFromTicket")[0]!.input).toEqual({ ticketId: ticket.id });
    expect(await screen.findByText("Draft article saved")).toBeTruthy();
  });

  it("is not offered on a ticket still open", async () => {
    await openTicket({ status: "IN_PROGRESS" });
    expect(screen.queryByRole("button", { name: "Draft article" })).toBeNull();
    expect(within(document.body).queryByText("Draft article saved")).toBeNull();
  });
});
