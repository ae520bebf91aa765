// The Markdown an article is shown in (docs/features.md §17): its own images kept only where a page shows
// them, every other image dropped.
import { describe, expect, it } from "vitest";
import { articleDisplayMarkdown } from "./knowledge.js";

const OWN = "![The tray](/api/knowledge/images/0190f3a2-aaaa-7bbb-8ccc-1234abcd0099)";
const FOREIGN = "![Pixel](https://tracker.example/p.png)";
const LOOKALIKE = "![x](/api/knowledge/images/0190f3a2-aaaa-7bbb-8ccc-1234abcd0099/../../attachments/1)";

describe("articleDisplayMarkdown", () => {
  it("keeps the article's own images for the pages that show them, and drops every other", () => {
    expect(articleDisplayMarkdown(`Tray:\n\n${OWN}\n\n${FOREIGN}\n\n${LOOKALIKE}`, { images: true })).toBe(
      `Tray:\n\n${OWN}\n\n\n\n`,
    );
  });

  it("drops every image for the assistant's answers", () => {
    expect(articleDisplayMarkdown(`Open it.\r\n${OWN}${FOREIGN}`)).toBe("Open it.\n");
  });
});
