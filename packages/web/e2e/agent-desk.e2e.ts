// The agent desk in Chromium: the built-in views with their counts, a saved view reopened from
// its address, a bulk status change, Assign to me, and the keyboard (docs/architecture.md §18).
import { TICKET_VIEW_LABELS } from "@repo/validators";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { startE2EForFile } from "./harness.js";
import { STAFF, companyId, createTicket, findTickets, openAsStaff, pick, seeText } from "./staff-session.js";

const e2e = startE2EForFile();

const VIEW_NAMES = TICKET_VIEW_LABELS;

const ref = (id: string) => id.slice(-8);
const rows = (page: Page) => page.locator("tbody tr[data-ticket-id]");
const highlightedId = (page: Page) =>
  page.evaluate(() => document.querySelector("[data-highlighted]")?.getAttribute("data-ticket-id") ?? null);

/** Tickets made for one test, found by a word only they hold. */
async function arrange(token: string, word: string, n: number): Promise<string[]> {
  const clientId = await companyId(e2e, token, "Acme Dental");
  const ids: string[] = [];
  for (let i = 0; i < n; i++)
    ids.push((await createTicket(e2e, token, { title: `${word} ticket ${i + 1}`, clientId })).id);
  return ids;
}

describe("agent desk", () => {
  it("counts each view and switches between them", async () => {
    const { page, token } = await openAsStaff(e2e, "/dashboard", STAFF.agent.email);
    const counts = (await (await e2e.server.request("/api/views/counts", { token })).json()) as Record<
      keyof typeof VIEW_NAMES,
      number
    >;
    const nav = page.getByRole("navigation", { name: "Ticket views" });
    for (const [view, name] of Object.entries(VIEW_NAMES)) {
      const link = nav.getByRole("button", { name: new RegExp(`^${name}`) });
      await link
        .locator(`[data-count="${view}"]`)
        .getByText(String(counts[view as keyof typeof VIEW_NAMES]))
        .waitFor();
    }
    expect(counts.open).toBeGreaterThan(0);

    await nav.getByRole("button", { name: /^Unassigned/ }).click();
    await page.waitForURL((url) => url.searchParams.get("view") === "unassigned");
    await page.getByRole("heading", { name: "Tickets: Unassigned" }).waitFor();
    await seeText(page, new RegExp(`of ${counts.unassigned}$`));
    expect(await rows(page).count()).toBe(Math.min(20, counts.unassigned));
    expect(await page.getByText("Unassigned", { exact: true }).count()).toBeGreaterThan(0);

    await nav.getByRole("button", { name: /^Waiting on customer/ }).click();
    await page.getByRole("heading", { name: "Tickets: Waiting on customer" }).waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll("tbody tr[data-ticket-id]").length === n,
      Math.min(20, counts.waiting),
    );
    // Back returns to the view before.
    await page.goBack();
    await page.getByRole("heading", { name: "Tickets: Unassigned" }).waitFor();

    const findings = await seriousViolations(page);
    expect(describeFindings(findings)).toEqual([]);
  });

  it("saves the current filters as a view and reopens it from the address", async () => {
    const { page, context } = await openAsStaff(e2e, "/dashboard?view=unassigned&sort=priority", STAFF.agent.email);
    await page.getByRole("heading", { name: "Tickets: Unassigned" }).waitFor();
    await page.getByRole("button", { name: "Save view" }).click();
    const dialog = page.getByRole("dialog", { name: "Save view" });
    await dialog.getByRole("textbox", { name: "Name" }).fill("Unassigned, urgent first");
    await dialog.getByRole("checkbox", { name: "Share with all staff" }).check();
    await dialog.getByRole("button", { name: "Save" }).click();
    await seeText(page, '"Unassigned, urgent first" is in your saved views.');
    await page.waitForURL((url) => url.searchParams.has("saved"));
    const address = page.url();

    const again = await context.newPage();
    await again.goto(address);
    const saved = again.getByRole("navigation", { name: "Ticket views" }).getByRole("button", {
      name: /^Unassigned, urgent first/,
    });
    await saved.waitFor();
    expect(await saved.getAttribute("aria-current")).toBe("page");
    await again.getByRole("heading", { name: "Tickets: Unassigned" }).waitFor();
    expect(await again.getByRole("combobox", { name: "Sort" }).inputValue()).toBe("Priority (P1 first)");
    // The rows are in priority order, as the view was saved.
    const priorities = await again.locator("tbody tr[data-ticket-id] td:nth-child(4)").allTextContents();
    expect(priorities).toEqual([...priorities].sort());
  });

  it("changes the status of two selected tickets at once", async () => {
    const token = await e2e.server.login(STAFF.agent.email);
    const [first, second] = await arrange(token, "Bulkmove", 2);
    const { page } = await openAsStaff(e2e, "/dashboard?q=Bulkmove", STAFF.agent.email);
    await page.getByRole("checkbox", { name: `Select ticket #${ref(first!)}` }).check();
    await page.getByRole("checkbox", { name: `Select ticket #${ref(second!)}` }).check();
    const bar = page.getByRole("region", { name: "Bulk actions" });
    await bar.getByText("2 tickets selected").waitFor();
    await pick(page, "Set status", "In Progress");
    await seeText(page, "2 tickets changed.");
    await bar.waitFor({ state: "detached" });
    expect((await findTickets(e2e, token, "Bulkmove")).map((t) => t.status)).toEqual(["IN_PROGRESS", "IN_PROGRESS"]);
    expect(await page.getByRole("checkbox", { name: `Select ticket #${ref(first!)}` }).isChecked()).toBe(false);
  });

  it("assigns a ticket to me from the list and from the ticket", async () => {
    const token = await e2e.server.login(STAFF.agent.email);
    const [listed, opened] = await arrange(token, "Takeme", 2);
    const { page } = await openAsStaff(e2e, "/dashboard?q=Takeme", STAFF.agent.email);
    await page.getByRole("button", { name: `Assign to me: ticket #${ref(listed!)}` }).click();
    await seeText(page, `Ticket #${ref(listed!)} is assigned to you.`);
    await page.locator(`tr[data-ticket-id="${listed}"]`).getByText("Sam Patel").waitFor();
    await page.getByRole("button", { name: `Assign to me: ticket #${ref(listed!)}` }).waitFor({ state: "detached" });

    await page.goto(`/tickets/${opened}`);
    await page.getByRole("button", { name: "Assign to me" }).click();
    await seeText(page, `Ticket #${ref(opened!)} is assigned to you.`);
    await page.getByRole("button", { name: "Assign to me" }).waitFor({ state: "detached" });
    const assignee = page.getByRole("combobox", { name: "Assign To" });
    await expect.poll(() => assignee.inputValue()).toContain("Sam Patel");
  });

  it("works from the keyboard, and never while typing", async () => {
    const token = await e2e.server.login(STAFF.agent.email);
    await arrange(token, "Keyed", 3);
    const { page } = await openAsStaff(e2e, "/dashboard?q=Keyed", STAFF.agent.email);
    await rows(page).nth(2).waitFor();
    const ids = await rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-ticket-id")));

    await page.keyboard.press("j");
    expect(await highlightedId(page)).toBe(ids[0]);
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    expect(await highlightedId(page)).toBe(ids[2]);
    await page.keyboard.press("k");
    expect(await highlightedId(page)).toBe(ids[1]);

    // Typing j in the search box types it; the highlight stays where it was.
    const search = page.getByRole("searchbox", { name: "Search" });
    await search.click();
    await search.press("End");
    await search.press("j");
    expect(await highlightedId(page)).toBe(ids[1]);
    expect(await search.inputValue()).toBe("Keyedj");
    await page.goto("/dashboard?q=Keyed");
    await rows(page).nth(2).waitFor();

    await page.keyboard.press("j");
    expect(await highlightedId(page)).toBe(ids[0]);
    await page.keyboard.press("a");
    await seeText(page, `Ticket #${ref(ids[0]!)} is assigned to you.`);
    await page.locator(`tr[data-ticket-id="${ids[0]}"]`).getByText("Sam Patel").waitFor();

    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await help.getByText("Assign the highlighted ticket to me").waitFor();
    await page.keyboard.press("Escape");
    await help.waitFor({ state: "detached" });

    await page.keyboard.press("Enter");
    await page.waitForURL(`**/tickets/${ids[0]}`);
    await page.getByRole("heading", { name: `Ticket #${ref(ids[0]!)}` }).waitFor();

    // On the ticket: r writes a reply, n a note; ? lists them.
    await page.keyboard.press("r");
    const reply = page.getByRole("textbox", { name: "Reply to the client" });
    await page.waitForFunction(() => document.activeElement?.tagName === "TEXTAREA");
    expect(await reply.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type("n");
    expect(await reply.inputValue()).toBe("n");
    await reply.fill("");
    await page.getByRole("heading", { name: `Ticket #${ref(ids[0]!)}` }).click();
    await page.keyboard.press("n");
    const note = page.getByRole("textbox", { name: "Internal note (staff only)" });
    await note.waitFor();
    expect(await note.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.getByRole("heading", { name: `Ticket #${ref(ids[0]!)}` }).click();
    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "Keyboard shortcuts" }).getByText("Write an internal note").waitFor();
  });
});
