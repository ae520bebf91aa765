// The Website screen's Added pages tab (issue 42, docs/features.md §20): a page added with its copy and a
// package whose price is typed in dollars and saved in cents; a taken address refused at its field with
// nothing sent; a page removed.
import { type AddedPage, defaultSiteContent } from "@repo/content";
import { sampleAddedPage } from "@repo/content/samples";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const BACKUP = sampleAddedPage({ offer: null });

function answer(addedPages: AddedPage[]) {
  answerDefaults();
  const content = { ...defaultSiteContent(), addedPages };
  api.on({
    "siteContent.state": () => ({
      published: defaultSiteContent(),
      publishedAt: "2026-11-20T10:00:00.000Z",
      draft: { content, version: 2, updatedAt: "2026-11-28T15:00:00.000Z", authorName: "Sam Agent" },
    }),
    "siteContent.revisions": () => [],
    "siteContent.saveDraft": (input) => ({
      ...(input as { content: object }),
      version: 3,
      updatedAt: "2026-11-28T16:00:00.000Z",
      authorName: "Sam Agent",
    }),
  });
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
const field = (label: RegExp) => screen.getByLabelText(label);
const saved = () =>
  api.callsTo("siteContent.saveDraft").map((call) => (call.input as { content: { addedPages: AddedPage[] } }).content);

async function openPages(role: "ADMIN" | "AGENT" | "VIEWER" = "AGENT") {
  signInAs(role);
  renderApp("/settings/website");
  await screen.findByLabelText(/^Phone/);
  fireEvent.click(screen.getByRole("tab", { name: "Added pages" }));
}

describe("the Website screen's added pages", () => {
  it("adds a page with its copy and a package, its price typed in dollars and saved in cents", async () => {
    answer([]);
    await openPages();
    expect(screen.getByText(/No pages added yet/)).toBeTruthy();
    click("Add a page");
    type(await screen.findByLabelText(/^Address/), "backup-check");
    type(field(/^Name/), "Backup Check");
    type(field(/^Headline/), BACKUP.copy.headline);
    type(field(/^Summary/), BACKUP.copy.summary);
    type(field(/^What you get 1/), BACKUP.copy.whatYouGet[0]!);
    click("Add a point");
    type(field(/^What you get 2/), BACKUP.copy.whatYouGet[1]!);
    type(field(/^Step 1 title/), BACKUP.copy.howItWorks[0]!.title);
    type(field(/^Step 1 text/), BACKUP.copy.howItWorks[0]!.text);
    type(field(/^Question 1/), BACKUP.copy.faqs[0]!.question);
    type(field(/^Answer 1/), BACKUP.copy.faqs[0]!.answer);
    type(field(/^Closing title/), BACKUP.copy.cta.title);
    type(field(/^Closing text/), BACKUP.copy.cta.text);
    fireEvent.click(screen.getByRole("switch", { name: /Offer this page as a package/ }));
    type(field(/^Duration\s*\*?$/), "1 week");
    type(field(/^Price/), "750");
    type(field(/limit 1$/), "Up to 25 users");
    click("Save draft");

    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]!.addedPages).toEqual([
      {
        ...BACKUP,
        offer: {
          name: "Backup Check",
          duration: "1 week",
          durationNote: "",
          limits: ["Up to 25 users"],
          priceCents: 75_000,
        },
      },
    ]);
  });

  it("refuses a built-in page's address at its field, from another tab, and sends nothing", async () => {
    answer([BACKUP]);
    await openPages();
    type(await screen.findByLabelText(/^Address/), "intune-fast-start");
    fireEvent.click(screen.getByRole("tab", { name: "Pricing" }));
    click("Save draft");
    expect(
      await screen.findAllByText("/services/intune-fast-start is one of the site's own pages: choose another address"),
    ).not.toHaveLength(0);
    expect(screen.getByRole("tab", { name: "Added pages" }).getAttribute("aria-selected")).toBe("true");
    expect(field(/^Address/).getAttribute("aria-invalid")).toBe("true");
    expect(saved()).toHaveLength(0);
  });

  it("removes a page", async () => {
    answer([BACKUP, { ...BACKUP, slug: "second", name: "Second" }]);
    await openPages();
    expect(((await screen.findByLabelText(/^Address/)) as HTMLInputElement).value).toBe("backup-check");
    click("Remove this page");
    click("Save draft");
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]!.addedPages.map((p) => p.slug)).toEqual(["second"]);
  });

  it("lets a viewer read the pages and change nothing", async () => {
    answer([BACKUP]);
    await openPages("VIEWER");
    const address = await screen.findByLabelText(/^Address/);
    expect(address.closest("fieldset")?.disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Add a page" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove this page" })).toBeNull();
  });
});
