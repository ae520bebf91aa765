// The website's ticket form offers public articles as its title is typed (docs/features.md §17,
// deflection): plain REST as a visitor, after a pause, never for a title without a meaningful word,
// nothing on a failure, links to the public help centre, and the article opened and the ticket sent
// recorded against the form's id.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

const api = setupFakeApi();

const PRINTER = { id: "a1", slug: "add-the-office-printer", title: "Adding the office printer" };
const ORGANIZATION = { id: "00000000-0000-4000-8000-000000000001", name: "Birch Legal" };

/** The website's calls, as msw sees them: the searches' URLs and the bodies posted. */
function serveWebsite(search: "ok" | "fail" = "ok") {
  const searches: URL[] = [];
  const opened: unknown[] = [];
  const sent: string[] = [];
  const tickets: unknown[] = [];
  api.server.use(
    http.get("*/api/admin/clients", () => HttpResponse.json([ORGANIZATION])),
    http.get("*/api/knowledge/articles", ({ request }) => {
      const url = new URL(request.url);
      searches.push(url);
      if (search === "fail") return HttpResponse.json({ error: "Too many requests" }, { status: 429 });
      return HttpResponse.json(url.searchParams.get("q")?.includes("printer") ? [PRINTER] : []);
    }),
    http.post("*/api/knowledge/deflections", async ({ request }) => {
      opened.push(await request.json());
      return HttpResponse.json({ success: true });
    }),
    http.post("*/api/knowledge/deflections/:formId/sent", ({ params }) => {
      sent.push(String(params.formId));
      return HttpResponse.json({ success: true });
    }),
    http.post("*/api/tickets", async ({ request }) => {
      tickets.push(await request.json());
      return HttpResponse.json({ id: "t-1" });
    }),
  );
  return { searches, opened, sent, tickets };
}

const typeTitle = (value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: /Issue Summary/ }), { target: { value } });

/** The rest of a valid ticket, and Submit. */
async function fillInAndSubmit() {
  fireEvent.change(screen.getByRole("textbox", { name: /Your Name/ }), { target: { value: "Priya Raman" } });
  fireEvent.change(screen.getByRole("textbox", { name: /Email Address/ }), {
    target: { value: "priya@birch-legal.test" },
  });
  fireEvent.change(await screen.findByRole("combobox", { name: /Organization/ }), {
    target: { value: ORGANIZATION.id },
  });
  fireEvent.change(screen.getByRole("textbox", { name: /Detailed Description/ }), {
    target: { value: "Nobody in the office can print since this morning." },
  });
  await waitFor(() =>
    expect(screen.getByRole("button", { name: "Submit Support Ticket" })).toHaveProperty("disabled", false),
  );
  fireEvent.click(screen.getByRole("button", { name: "Submit Support Ticket" }));
}

describe("articles offered by the website's ticket form", () => {
  it("offers public articles for the title, opens them at /help/ and records the opening and the ticket", async () => {
    const calls = serveWebsite();
    renderApp("/submit-ticket");
    const title = await screen.findByRole("textbox", { name: /Issue Summary/ });
    fireEvent.focus(title);
    for (const typed of ["Off", "Office", "Office print", "Office printer offline"]) typeTitle(typed);

    const offer = await screen.findByRole("region", { name: "Articles that may help" });
    expect(offer.closest("[aria-live='polite']")).not.toBeNull();
    const link = within(offer).getByRole("link", { name: /Adding the office printer/ });
    expect(link.getAttribute("href")).toBe("/help/add-the-office-printer");
    expect(link.getAttribute("target")).toBe("_blank");
    // One search, after typing paused, as a visitor, for any word of the title.
    expect(calls.searches).toHaveLength(1);
    expect(Object.fromEntries(calls.searches[0]!.searchParams)).toEqual({
      q: "Office printer offline",
      match: "any",
      limit: "3",
    });

    // The test's document opens no new tab: the browser's part of the click is held back.
    link.addEventListener("click", (event) => event.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(calls.opened).toHaveLength(1));
    const { formId } = calls.opened[0] as { formId: string };
    expect(calls.opened[0]).toEqual({ formId, slug: PRINTER.slug, source: "website" });

    await fillInAndSubmit();
    await waitFor(() => expect(calls.sent).toEqual([formId]));
  });

  it("asks nothing for a title too short or of common words only, and offers nothing when the search fails", async () => {
    const calls = serveWebsite("fail");
    renderApp("/submit-ticket");
    await screen.findByRole("textbox", { name: /Issue Summary/ });
    typeTitle("pr");
    typeTitle("how do I");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(calls.searches).toHaveLength(0);

    typeTitle("printer jammed");
    await waitFor(() => expect(calls.searches).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("region", { name: "Articles that may help" })).toBeNull();
  });

  it("takes the offer back when the title no longer has anything to search by", async () => {
    const calls = serveWebsite();
    renderApp("/submit-ticket");
    await screen.findByRole("textbox", { name: /Issue Summary/ });
    typeTitle("Office printer offline");
    await screen.findByRole("region", { name: "Articles that may help" });
    typeTitle("how do I");
    expect(screen.queryByRole("region", { name: "Articles that may help" })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.searches).toHaveLength(1);
  });

  it("records nothing sent for a form that opened no article", async () => {
    const calls = serveWebsite();
    renderApp("/submit-ticket");
    await screen.findByRole("textbox", { name: /Issue Summary/ });
    typeTitle("Office printer offline");
    await screen.findByRole("region", { name: "Articles that may help" });
    await fillInAndSubmit();
    await waitFor(() => expect(calls.tickets).toHaveLength(1));
    await screen.findByText("Ticket Submitted Successfully!");
    expect(calls.opened).toEqual([]);
    expect(calls.sent).toEqual([]);
  });
});
