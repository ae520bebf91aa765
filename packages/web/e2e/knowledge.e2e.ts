// The knowledge base in the browser (docs/features.md §17): an agent writes an article for Acme Dental in
// the editor and publishes it; Acme's client finds it under Help articles, answers "Was this helpful?"
// and is offered it while typing a matching ticket title; Birch's client does not find it. The new
// screens meet WCAG 2.2 AA at desktop and phone width.
import { describe, expect, it } from "vitest";
import { axeSweep, SWEEP_TIMEOUT_MS } from "./axe-sweep.js";
import { openAsClient } from "./client-session.js";
import { startE2EForFile } from "./harness.js";
import { openAsStaff, pick, seeText, STAFF } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown } = axeSweep();

const TITLE = "Resetting the Acme reception kiosk";

describe("the knowledge base", () => {
  it(
    "an agent publishes an article for one company; only its clients find it, and the ticket form offers it",
    async () => {
      const { page } = await openAsStaff(e2e, "/account", STAFF.agent.email);
      await page.getByRole("link", { name: "Knowledge base" }).click();
      await checkWhenShown(page, page.getByRole("table", { name: "Articles" }), "staff: knowledge base list");

      await page.getByRole("link", { name: "New article" }).click();
      await page.getByRole("heading", { name: "New article" }).waitFor();
      await page.getByRole("textbox", { name: "Title" }).fill(TITLE);
      expect(await page.getByRole("textbox", { name: "Slug" }).inputValue()).toBe("resetting-the-acme-reception-kiosk");
      await page.getByRole("textbox", { name: "Category" }).fill("Front desk");
      await pick(page, "Who may read it", "Chosen companies");
      await page.getByLabel("Companies").first().click();
      await page.getByRole("option", { name: "Acme Dental" }).click();
      await page.keyboard.press("Escape");
      await page
        .getByRole("textbox", { name: "Text (Markdown)" })
        .fill("## Steps\n\nHold the **power** button for ten seconds, then sign in as reception.");
      await page.getByRole("region", { name: "Preview" }).getByText("Steps").waitFor();
      await check(page, "staff: article editor, new");
      await page.getByRole("button", { name: "Save" }).click();
      await seeText(page, "Article saved");
      await page.getByRole("button", { name: "Publish" }).click();
      await seeText(page, "Published");
      await page.getByRole("table", { name: "Revisions" }).waitFor();
      await check(page, "staff: article editor, published");

      const acme = await openAsClient(e2e, "/client-dashboard");
      await acme.page.getByRole("link", { name: "Help articles" }).click();
      await acme.page.getByRole("textbox", { name: "Search articles" }).fill("kiosk");
      const link = acme.page.getByRole("link", { name: TITLE });
      await link.waitFor();
      await check(acme.page, "client: help articles");
      await link.click();
      await acme.page.getByRole("article", { name: TITLE }).waitFor();
      await check(acme.page, "client: help article");
      await acme.page.getByRole("button", { name: "Yes" }).click();
      await acme.page.getByText("Thanks for your answer.").waitFor();

      await acme.page.goto("/client-dashboard");
      await acme.page.getByRole("button", { name: "New Ticket" }).click();
      await acme.page.getByRole("textbox", { name: "Title" }).fill("Reception kiosk frozen");
      await acme.page
        .getByRole("region", { name: "Articles that may help" })
        .getByRole("link", { name: new RegExp(TITLE) })
        .waitFor();
      await check(acme.page, "client: new ticket with offered articles", ["desktop"]);

      const birch = await openAsClient(e2e, "/client/help", { email: "client@birch.test" });
      await birch.page.getByRole("textbox", { name: "Search articles" }).fill("kiosk");
      await birch.page.getByText('No article matches "kiosk".').waitFor();
      await birch.page.goto("/client/help/resetting-the-acme-reception-kiosk");
      await birch.page.getByRole("heading", { name: "Article not found" }).waitFor();
    },
    SWEEP_TIMEOUT_MS,
  );
});
