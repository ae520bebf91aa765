// Help articles in the client portal (docs/features.md §17): the list and its search, an article with
// "Was this helpful?", a missing article said in words, and the new-ticket form's offered articles, whose
// opening and the ticket sent after are recorded against the form's id.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { acmeProfile, clientTicket, clientTicketLists } from "../../test/client-fixtures";
import { FakeApiError, setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

const VPN = {
  id: "a1",
  title: "Connecting to the VPN from home",
  slug: "vpn-from-home",
  category: "Remote work",
  status: "published",
  visibility: "companies",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const ARTICLE = {
  ...VPN,
  tags: ["vpn"],
  body: "## Steps\n\n1. Open **FortiClient**.\n2. Connect.",
  publishedAt: "2026-10-01T10:00:00.000Z",
  lastReviewedAt: "2026-10-01T10:00:00.000Z",
  related: [],
};

describe("help articles", () => {
  it("lists and searches what the client may read, from the dashboard's link", async () => {
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists([]),
      "knowledge.search": (input: { q: string }) => (input.q === "printer" ? [] : [VPN]),
    });
    signInAs("CLIENT", "Dana Whitfield");
    const view = renderApp("/client-dashboard");
    fireEvent.click(await screen.findByRole("link", { name: "Help articles" }));
    const link = await screen.findByRole("link", { name: VPN.title });
    expect(link.getAttribute("href")).toBe("/client/help/vpn-from-home");
    expect(view.router.state.location.pathname).toBe("/client/help");

    fireEvent.change(screen.getByLabelText("Search articles"), { target: { value: "printer" } });
    expect(await screen.findByText('No article matches "printer".')).toBeTruthy();
  });

  it("shows an article, its headings as bold lines, and takes one helpful answer", async () => {
    api.on({ "knowledge.read": () => ({ ...ARTICLE, related: [] }), "knowledge.feedback": () => ({ success: true }) });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/help/vpn-from-home");
    const article = await screen.findByRole("article", { name: VPN.title });
    expect(within(article).getByText("Steps").tagName).toBe("STRONG");
    expect(within(article).queryByText(/##/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Thanks for your answer.")).toBeTruthy();
    expect(api.callsTo("knowledge.feedback")[0]!.input).toEqual({ slug: "vpn-from-home", helpful: true });
  });

  it("shows the article's own images and no image from anywhere else", async () => {
    const own = "/api/knowledge/images/0190f3a2-aaaa-7bbb-8ccc-1234abcd0099";
    const body = `Open the tray.\n\n![The tray](${own})\n\n![Tracker](https://evil.example/pixel.png)`;
    api.on({ "knowledge.read": () => ({ ...ARTICLE, body }) });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/help/vpn-from-home");
    const article = await screen.findByRole("article", { name: VPN.title });
    const images = within(article).getAllByRole("img");
    expect(images.map((i) => [i.getAttribute("src"), i.getAttribute("alt")])).toEqual([[own, "The tray"]]);
    expect(within(article).queryByText(/evil|Tracker/)).toBeNull();
  });

  it("links the related articles the server offers, and shows no list without any", async () => {
    const PRINTER = { slug: "add-a-printer", title: "Adding the office printer", category: "Printing" };
    api.on({
      "knowledge.read": (input: { slug: string }) =>
        input.slug === PRINTER.slug ? { ...ARTICLE, ...PRINTER, related: [] } : { ...ARTICLE, related: [PRINTER] },
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/help/vpn-from-home");
    const related = await screen.findByRole("region", { name: "Related articles" });
    const link = within(related).getByRole("link", { name: PRINTER.title });
    expect(link.getAttribute("href")).toBe("/client/help/add-a-printer");
    expect(within(related).getByText("Printing")).toBeTruthy();

    fireEvent.click(link);
    expect(await screen.findByRole("article", { name: PRINTER.title })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Related articles" })).toBeNull();
  });

  it("says Article not found for one the client may not read", async () => {
    api.on({
      "knowledge.read": () => {
        throw new FakeApiError("NOT_FOUND", "Article not found");
      },
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client/help/someone-elses");
    expect(await screen.findByRole("heading", { name: "Article not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All help articles" })).toBeTruthy();
  });
});

describe("articles offered by the new-ticket form", () => {
  it("offers matching articles as the title is typed, and records the one opened and the ticket sent", async () => {
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists([]),
      "knowledge.search": () => [VPN],
      "knowledge.deflectionOpened": () => ({ success: true }),
      "knowledge.deflectionSent": () => ({ success: true }),
      "clientPortal.createTicket": () => clientTicket({ title: "VPN will not connect" }),
    });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client-dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "New Ticket" }));
    const form = within(screen.getByRole("form", { name: "New Ticket" }));
    fireEvent.change(form.getByLabelText(/Title/), { target: { value: "VPN will not connect" } });
    const offered = await form.findByRole("link", { name: /Connecting to the VPN from home/ });
    expect(api.callsTo("knowledge.search").at(-1)!.input).toMatchObject({
      q: "VPN will not connect",
      limit: 3,
      match: "any",
    });
    expect(offered.getAttribute("target")).toBe("_blank");
    // The test's document opens no new tab: the browser's part of the click is held back.
    offered.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(offered);
    await waitFor(() => expect(api.callsTo("knowledge.deflectionOpened")).toHaveLength(1));
    const { formId } = api.callsTo("knowledge.deflectionOpened")[0]!.input as { formId: string };
    expect(api.callsTo("knowledge.deflectionOpened")[0]!.input).toEqual({
      formId,
      slug: "vpn-from-home",
      source: "portal",
    });

    fireEvent.change(form.getByLabelText(/Description/), {
      target: { value: "It stops at 40% every time since this morning." },
    });
    fireEvent.click(form.getByRole("button", { name: "Create Ticket" }));
    await waitFor(() => expect(api.callsTo("knowledge.deflectionSent").map((c) => c.input)).toEqual([{ formId }]));
  });
});
