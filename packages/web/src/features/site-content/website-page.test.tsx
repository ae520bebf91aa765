// The Website screen (docs/features.md §20): it opens the draft, saves edits with the draft's version it
// started from, shows the server's words on a stale save with a Reload, keeps Publish an admin's, lets a
// VIEWER read only, and turns a price typed in dollars into the cents stored.
import { defaultSiteContent } from "@repo/content";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import { SERVICE_PAGES } from "./service-pages-section";

const { api, answerDefaults } = setupStaffTest();

const PUBLISHED = defaultSiteContent();
const DRAFT = {
  content: defaultSiteContent(),
  version: 3,
  updatedAt: "2026-11-28T15:00:00.000Z",
  authorName: "Sam Agent",
};
const REVISIONS = [
  {
    id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd0001",
    publishedAt: "2026-11-20T10:00:00.000Z",
    publishedByName: "Ada Admin",
    current: true,
  },
];
const STALE = "The draft was changed by someone else since you opened it. Reload it and save again.";

function answer(draft: typeof DRAFT | null) {
  answerDefaults();
  api.on({
    "siteContent.state": () => ({ published: PUBLISHED, publishedAt: "2026-11-20T10:00:00.000Z", draft }),
    "siteContent.revisions": () => REVISIONS,
    "siteContent.saveDraft": (input) => ({ ...DRAFT, ...(input as { content: object }), version: 4 }),
  });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const tab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));

async function open(role: "ADMIN" | "AGENT" | "VIEWER") {
  signInAs(role);
  renderApp("/settings/website");
  return screen.findByLabelText(/^Phone/);
}

interface SavedDraft {
  content: typeof PUBLISHED;
  baseVersion: number | null;
}
const saved = () => api.callsTo("siteContent.saveDraft").map((call) => call.input as SavedDraft);

describe("the Website screen", () => {
  it("opens the draft, and saves the phone and a FAQ answer with the draft's version", async () => {
    answer(DRAFT);
    const phone = await open("AGENT");
    expect(screen.getByText(/Saved by Sam Agent/)).toBeTruthy();
    expect((phone as HTMLInputElement).value).toBe(DRAFT.content.identity.phone);

    type(phone, "+1 (647) 555-0199");
    tab("Service pages");
    type(await screen.findByLabelText(/^Answer 1/), "Within two business days.");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));

    await waitFor(() => expect(saved()).toHaveLength(1));
    const [sent] = saved();
    expect(sent!.baseVersion).toBe(3);
    expect(sent!.content.identity.phone).toBe("+1 (647) 555-0199");
    expect(sent!.content.services[SERVICE_PAGES[0]!].faqs[0]!.answer).toBe("Within two business days.");
    expect(sent!.content.services[SERVICE_PAGES[0]!].faqs).toHaveLength(
      DRAFT.content.services[SERVICE_PAGES[0]!].faqs.length,
    );
    // An agent saves but never publishes.
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect(screen.getByRole("button", { name: "Discard draft" })).toBeTruthy();
  });

  it("shows the server's words when someone saved the draft meanwhile, and offers a reload", async () => {
    answer(DRAFT);
    api.on({
      "siteContent.saveDraft": () => {
        throw new FakeApiError("CONFLICT", STALE);
      },
    });
    type(await open("AGENT"), "555");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findByText(STALE)).toBeTruthy();
    const statesBefore = api.callsTo("siteContent.state").length;
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(api.callsTo("siteContent.state").length).toBeGreaterThan(statesBefore));
  });

  it("saves a price typed in dollars as cents, with no draft to start from, and keeps Publish for the saved draft", async () => {
    answer(null);
    await open("ADMIN");
    expect(screen.getByText(/Editing starts a draft/)).toBeTruthy();
    tab("Packages");
    type((await screen.findAllByLabelText(/^Price/))[0]!, "1200.50");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    await waitFor(() => expect(saved()).toHaveLength(1));
    const [sent] = saved();
    expect(sent!.baseVersion).toBeNull();
    const [first] = Object.values(sent!.content.packages);
    expect(first!.priceCents).toBe(120_050);
    // The saved draft opens, and an admin may now publish its version.
    const publish = await screen.findByRole("button", { name: "Publish" });
    expect((publish as HTMLButtonElement).disabled).toBe(false);
    // An unsaved change is not what would be published: save first.
    tab("Identity");
    type(await screen.findByLabelText(/^Phone/), "555");
    expect((screen.getByRole("button", { name: "Publish" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends nothing while a field breaks a rule, and shows it in its tab", async () => {
    answer(DRAFT);
    type(await open("AGENT"), "");
    tab("Pricing");
    fireEvent.click(screen.getByRole("button", { name: "Save draft" }));
    expect(await screen.findAllByText("The phone number is required")).not.toHaveLength(0);
    expect(screen.getByRole("tab", { name: "Identity" }).getAttribute("aria-selected")).toBe("true");
    expect(saved()).toHaveLength(0);
  });

  it("lets a viewer read everything and change nothing", async () => {
    answer(DRAFT);
    const phone = await open("VIEWER");
    expect(phone.closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Save draft" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Discard draft" })).toBeNull();
    tab("History");
    expect(await screen.findByRole("table", { name: "Published revisions" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "View" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Restore into draft" })).toBeNull();
  });
});
