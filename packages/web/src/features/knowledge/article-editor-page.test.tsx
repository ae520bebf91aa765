// The knowledge base's staff screens (docs/features.md §17): a new article's slug follows its title, Save
// sends the fields and opens the saved draft, a refused save keeps what was typed with the server's
// reason, the preview renders the text as clients see it, and a VIEWER reads without a Save.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const SAVED = {
  id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd0001",
  title: "Printing from home",
  slug: "printing-from-home",
  category: "Printing",
  tags: [],
  body: "## Steps\n\nOpen **Settings**.",
  visibility: "internal",
  status: "draft",
  publishedAt: null,
  lastReviewedAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  companyIds: [],
  helpfulCount: 0,
  notHelpfulCount: 0,
};

const type = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the article editor", () => {
  it("suggests the slug from the title, previews the text and saves a new draft", async () => {
    answerDefaults();
    api.on({
      "knowledge.create": () => SAVED,
      "knowledge.get": () => SAVED,
      "knowledge.revisions": () => [],
    });
    signInAs("AGENT");
    const view = renderApp("/knowledge/new");
    await screen.findByRole("heading", { name: "New article" });
    type(/^Title/, "Printing from home");
    expect((screen.getByLabelText(/^Slug/) as HTMLInputElement).value).toBe("printing-from-home");
    type(/^Category/, "Printing");
    type(/^Text \(Markdown\)/, "## Steps\n\nOpen **Settings**.");
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.querySelector("strong")?.textContent).toBe("Steps");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("knowledge.create")).toHaveLength(1));
    expect(api.callsTo("knowledge.create")[0]!.input).toMatchObject({
      title: "Printing from home",
      slug: "printing-from-home",
      category: "Printing",
      visibility: "internal",
    });
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/knowledge/${SAVED.id}`));
  });

  it("keeps what was typed when the server refuses the save, with its reason", async () => {
    answerDefaults();
    api.on({
      "knowledge.create": () => {
        throw new FakeApiError("CONFLICT", "Another article already has this slug");
      },
    });
    signInAs("AGENT");
    renderApp("/knowledge/new");
    await screen.findByRole("heading", { name: "New article" });
    type(/^Title/, "Printing from home");
    type(/^Category/, "Printing");
    type(/^Text \(Markdown\)/, "Steps.");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Another article already has this slug")).toBeTruthy();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Printing from home");
    expect((screen.getByLabelText(/^Text \(Markdown\)/) as HTMLTextAreaElement).value).toBe("Steps.");
  });

  it("lets a viewer read an article without saving, publishing or restoring", async () => {
    answerDefaults();
    api.on({
      "knowledge.get": () => SAVED,
      "knowledge.revisions": () => [
        { id: "r2", number: 2, title: "Printing from home", body: "b", authorName: "Sam", createdAt: SAVED.updatedAt },
        { id: "r1", number: 1, title: "Printing", body: "a", authorName: "Sam", createdAt: SAVED.updatedAt },
      ],
    });
    signInAs("VIEWER");
    renderApp(`/knowledge/${SAVED.id}`);
    expect(await screen.findByRole("heading", { name: "Printing from home", level: 1 })).toBeTruthy();
    expect(await screen.findByRole("table", { name: "Revisions" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Publish" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Restore revision/ })).toBeNull();
  });
});
