// The knowledge base's staff screens (docs/features.md §17): a new article's slug follows its title, Save
// sends the fields and opens the saved draft, a refused save keeps what was typed with the server's
// reason, the preview renders the text as clients see it, and a VIEWER reads without a Save.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ARTICLE_IMAGE_REFUSALS } from "@repo/validators";
import { HttpResponse, http } from "msw";
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

describe("images in the article editor", () => {
  const IMAGE_ID = "0190f3a2-aaaa-7bbb-8ccc-1234abcd0099";
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "printer.png", { type: "image/png" });
  const pick = (file: File) =>
    fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });

  async function openSaved() {
    answerDefaults();
    api.on({ "knowledge.get": () => SAVED, "knowledge.revisions": () => [] });
    signInAs("AGENT");
    renderApp(`/knowledge/${SAVED.id}`);
    await screen.findByRole("heading", { name: "Printing from home", level: 1 });
  }

  it("uploads a picked image to the article and links it in the text, shown in the preview", async () => {
    const uploads: string[] = [];
    api.server.use(
      http.post("*/api/knowledge/editor/articles/:id/images", async ({ request, params }) => {
        const file = (await request.formData()).get("file") as File;
        uploads.push(`${String(params.id)} ${file.name}`);
        return HttpResponse.json(
          {
            id: IMAGE_ID,
            filename: file.name,
            contentType: "image/png",
            size: 4,
            url: `/api/knowledge/images/${IMAGE_ID}`,
          },
          { status: 201 },
        );
      }),
    );
    await openSaved();
    const box = screen.getByLabelText(/^Text \(Markdown\)/) as HTMLTextAreaElement;
    box.setSelectionRange(0, 0);
    pick(png());
    await waitFor(() => expect(box.value).toBe(`![printer.png](/api/knowledge/images/${IMAGE_ID})${SAVED.body}`));
    expect(uploads).toEqual([`${SAVED.id} printer.png`]);
    const image = screen.getByRole("region", { name: "Preview" }).querySelector("img");
    expect(image?.getAttribute("src")).toBe(`/api/knowledge/images/${IMAGE_ID}`);
    expect(image?.getAttribute("alt")).toBe("printer.png");
  });

  it("shows the server's refusal and leaves the text as it was", async () => {
    api.server.use(
      http.post("*/api/knowledge/editor/articles/:id/images", () =>
        HttpResponse.json({ error: ARTICLE_IMAGE_REFUSALS.type, code: "BAD_REQUEST" }, { status: 400 }),
      ),
    );
    await openSaved();
    pick(png());
    expect(await screen.findByText(ARTICLE_IMAGE_REFUSALS.type)).toBeTruthy();
    expect((screen.getByLabelText(/^Text \(Markdown\)/) as HTMLTextAreaElement).value).toBe(SAVED.body);
  });

  it("refuses a file that is no image before sending it", async () => {
    await openSaved();
    pick(new File(["%PDF-1.4"], "invoice.pdf", { type: "application/pdf" }));
    expect(await screen.findByText(ARTICLE_IMAGE_REFUSALS.type)).toBeTruthy();
  });

  it("offers no image upload before the article is saved", async () => {
    answerDefaults();
    signInAs("AGENT");
    renderApp("/knowledge/new");
    await screen.findByRole("heading", { name: "New article" });
    expect((screen.getByRole("button", { name: "Image" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
