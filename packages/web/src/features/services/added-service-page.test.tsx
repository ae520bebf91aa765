// A page the provider added (issue 42): /services/<slug> in the one service page layout, its quote to the
// plain contact form; an unknown slug is the 404 page and the spec's routes stay theirs; /pricing shows
// "More packages" only when an added page has an offer.
import { type AddedPage, defaultSiteContent, type SiteContent } from "@repo/content";
import { sampleAddedPage } from "@repo/content/samples";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { PHONE_WIDTH, setViewportWidth } from "../../test/viewport";

const BACKUP = sampleAddedPage();

const withPages = (...addedPages: AddedPage[]): SiteContent => ({ ...defaultSiteContent(), addedPages });

describe("a page the provider added", () => {
  it("shows its copy and price in the service page layout, every Get a quote to plain /contact", async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp("/services/backup-check", { siteContent: withPages(BACKUP) });
    await screen.findByRole("heading", { level: 1, name: "A Backup Check in one week" });
    expect(screen.getByText("1 week · $750")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "What You Get" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Do you change our backup settings?" })).toBeTruthy();
    const quotes = screen.getAllByRole("link", { name: "Get a quote" });
    expect(quotes).toHaveLength(3);
    for (const link of quotes) expect(link.getAttribute("href")).toBe("/contact");
    expect(within(screen.getByTestId("mobile-quote-bar")).getByRole("link", { name: "Get a quote" })).toBeTruthy();
    await waitFor(() => expect(document.title).toMatch(/^Backup Check \| /));
  });

  it("is the 404 page at an unknown slug", async () => {
    renderApp("/services/no-such-page", { siteContent: withPages(BACKUP) });
    await screen.findByRole("heading", { level: 1, name: "404 Page Not Found" });
  });

  it("leaves the spec's pages their routes", async () => {
    renderApp("/services/intune-fast-start", { siteContent: withPages(BACKUP) });
    await screen.findByRole("heading", { level: 1, name: /Fast Start/ });
    expect(screen.queryByText("A Backup Check in one week")).toBeNull();
  });
});

describe("/pricing and added pages", () => {
  it("shows no More packages section without an added offer", async () => {
    renderApp("/pricing", { siteContent: withPages({ ...BACKUP, offer: null }) });
    await screen.findByRole("heading", { name: "Fixed-scope packages" });
    expect(screen.queryByRole("heading", { name: "More packages" })).toBeNull();
    expect(screen.queryByText("Backup Check")).toBeNull();
  });

  it("lists an added offer after the spec's four, with its price and a link to its page", async () => {
    renderApp("/pricing", { siteContent: withPages(BACKUP) });
    const more = (await screen.findByRole("heading", { name: "More packages" })).closest("section")!;
    const card = within(more as HTMLElement);
    expect(card.getByRole("link", { name: "Backup Check" }).getAttribute("href")).toBe("/services/backup-check");
    expect(card.getByRole("link", { name: "Details" }).getAttribute("href")).toBe("/services/backup-check");
    expect(card.getByRole("link", { name: "Get a quote" }).getAttribute("href")).toBe("/contact");
    expect(card.getByText("$750")).toBeTruthy();
    expect(card.getByText("Up to 25 users")).toBeTruthy();
    // The spec's four keep their place and count, before it.
    const fixed = (screen.getByRole("heading", { name: "Fixed-scope packages" }).closest("section") as HTMLElement)!;
    expect(within(fixed).getAllByRole("link", { name: "Details" })).toHaveLength(4);
  });
});
