// The agent desk's canned replies and satisfaction ratings (architecture.md §18) in Chromium: a canned reply
// inserted with "/" and its placeholders filled for the ticket; the management screen refusing an
// unknown placeholder; a resolved ticket rated from the client portal and from the mail's link; and the
// rating on the staff ticket page and the reports page.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { ACME, openAsClient } from "./client-session.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { STAFF, companyId, createTicket, findTickets, openAsStaff, seeText, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();

async function ticketId(title: string): Promise<string> {
  const [ticket] = await findTickets(e2e, await staffToken(e2e), title);
  if (!ticket) throw new Error(`no ticket "${title}"`);
  return ticket.id;
}

describe("canned replies", () => {
  it('inserts a canned reply with "/" and fills in the requester, the reference and the agent', async () => {
    const id = await ticketId("Front desk printer jams on every second page");
    const { page } = await openAsStaff(e2e, `/tickets/${id}`, STAFF.agent.email);
    const box = page.getByRole("textbox", { name: "Reply to the client" });
    await box.click();
    await box.pressSequentially("Thanks for waiting. /reso");

    const list = page.getByRole("listbox", { name: "Canned replies" });
    await list.getByRole("option", { name: /Resolved: please confirm/ }).waitFor();
    expect(await list.getByRole("option").count()).toBe(1);
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await box.press("Enter");
    await list.waitFor({ state: "hidden" });

    const value = await box.inputValue();
    expect(value.startsWith("Thanks for waiting. Hi Dana,\n")).toBe(true);
    expect(value).toContain(`We believe Ticket #${id.slice(-8)} is fixed.`);
    expect(value.endsWith("Sam Patel")).toBe(true);
    expect(value).not.toContain("{{");

    // Escape closes the list and leaves the text as typed; the arrows choose among several.
    await box.pressSequentially("\n/");
    await list.waitFor();
    await box.press("Escape");
    await list.waitFor({ state: "hidden" });
    expect((await box.inputValue()).endsWith("Sam Patel\n/")).toBe(true);
    // Dismissed for this "/" only: typing on leaves it closed; a new "/" opens it again.
    await box.pressSequentially("r");
    expect(await list.isVisible()).toBe(false);
    await box.press("Backspace");
    await box.press("Backspace");
    await box.pressSequentially("/re");
    await list.waitFor();
    const options = await list.getByRole("option").allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await box.press("ArrowDown");
    await box.press("Enter");
    expect(await box.inputValue()).not.toMatch(/\/re$/);

    // The menu beside the box inserts too; then the reply goes out as usual.
    await box.fill("");
    await page.getByRole("button", { name: "Canned replies" }).click();
    await page.getByRole("menuitem", { name: "Need a time for a remote session" }).click();
    expect(await box.inputValue()).toContain(`To look at Ticket #${id.slice(-8)}`);
    await page.getByRole("button", { name: "Send Reply" }).click();
    await seeText(page, "Reply sent");
  });

  it("creates, refuses an unknown placeholder, edits and deletes a reply on /canned-replies, at phone width", async () => {
    const { page } = await openAsStaff(e2e, "/canned-replies", STAFF.agent.email, MOBILE);
    await page.getByRole("heading", { name: "Canned Replies" }).waitFor();
    await page.getByRole("article", { name: "Resolved: please confirm" }).waitFor();
    await page.getByRole("button", { name: "New Reply" }).click();
    const dialog = page.getByRole("dialog", { name: "New Canned Reply" });
    await dialog.getByRole("textbox", { name: "Title" }).fill("Printer toner ordered");
    await dialog.getByRole("textbox", { name: "Reply text" }).fill("Hi {{requester.name}}, toner is on its way.");
    await dialog.getByRole("button", { name: "Save Reply" }).click();
    await dialog
      .getByText(
        "Unknown placeholder {{requester.name}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}",
      )
      .waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await dialog.getByRole("textbox", { name: "Reply text" }).fill("Hi {{requester.firstName}}, toner is on its way.");
    await dialog.getByRole("checkbox", { name: "Share with all staff" }).check();
    await dialog.getByRole("button", { name: "Save Reply" }).click();
    const card = page.getByRole("article", { name: "Printer toner ordered" });
    await card.getByText("Shared").waitFor();

    await card.getByRole("button", { name: "Edit Printer toner ordered" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Canned Reply" });
    await edit.getByRole("textbox", { name: "Title" }).fill("Toner ordered");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    const renamed = page.getByRole("article", { name: "Toner ordered" });
    await renamed.waitFor();
    await renamed.getByRole("button", { name: "Delete Toner ordered" }).click();
    await page.getByRole("dialog", { name: "Delete Canned Reply" }).getByRole("button", { name: "Delete" }).click();
    await renamed.waitFor({ state: "detached" });
    // A reply shared by an admin is the agent's to use, not to change.
    expect(await page.getByRole("article", { name: "Resolved: please confirm" }).getByRole("button").count()).toBe(0);
  });
});

describe("satisfaction ratings", () => {
  it("rates a resolved ticket in the client portal; staff see it on the ticket and in the reports", async () => {
    const title = "Quarterly backup restore test";
    const id = await ticketId(title);
    const { page } = await openAsClient(e2e, `/client/tickets/${id}`);
    const rating = page.getByRole("region", { name: "Rate this ticket" });
    await rating.getByRole("button", { name: "Good" }).click();
    expect(await rating.getByRole("button", { name: "Good" }).getAttribute("aria-pressed")).toBe("true");
    await rating.getByRole("textbox", { name: "Comment (optional)" }).fill("Quick and thorough.");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await rating.getByRole("button", { name: "Send rating" }).click();
    await seeText(page, "Thank you for your feedback");
    await rating.getByRole("button", { name: "Update rating" }).waitFor();

    const staff = await openAsStaff(e2e, `/tickets/${id}`, STAFF.agent.email);
    const card = staff.page.getByRole("region", { name: "Satisfaction" });
    await card.getByText("Good", { exact: true }).waitFor();
    await card.getByText('"Quick and thorough."').waitFor();

    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto" }).format(new Date());
    const { page: reports, token } = await openAsStaff(e2e, `/reports?from=${today}&to=${today}`);
    const perClient = reports.getByRole("region", { name: "Satisfaction per client" });
    await perClient.getByText("Show the figures").click();
    const api = await e2e.server.request(`/api/reports?from=${today}&to=${today}`, { token });
    const { satisfaction } = (await api.json()) as {
      satisfaction: { byClient: { name: string; good: number; bad: number; total: number; percentGood: number }[] };
    };
    const acme = satisfaction.byClient.find((c) => c.name === ACME.company)!;
    expect(acme.good).toBeGreaterThanOrEqual(1);
    const row = perClient.locator("tbody tr", { hasText: ACME.company }).locator("td");
    await row.first().waitFor();
    expect(await row.allTextContents()).toEqual([
      acme.name,
      String(acme.good),
      String(acme.bad),
      String(acme.total),
      String(acme.percentGood),
    ]);
    const perAgent = reports.getByRole("region", { name: "Satisfaction per agent" });
    await perAgent.getByText("Show the figures").click();
    await perAgent.locator("tbody tr", { hasText: "Sam Patel" }).waitFor();
  });

  it("records the rating of the resolved mail's link in one click, then takes a comment", async () => {
    const token = await staffToken(e2e);
    const ticket = await createTicket(e2e, token, {
      title: "Rated from the mail",
      clientId: await companyId(e2e, token, ACME.company),
    });
    const resolved = await e2e.server.request(`/api/tickets/${ticket.id}`, {
      method: "PATCH",
      token,
      json: { status: "RESOLVED" },
    });
    expect(resolved.status).toBe(200);
    const mail = (await e2e.server.mailsTo("requester@example.test")).find((m) => m.text.includes("/rate#token="));
    const link = mail!.text.match(/^Bad: (\S+)$/m)![1]!;

    const { page } = await e2e.open(new URL(link).pathname + new URL(link).hash);
    await seeText(page, "Your rating has been recorded.");
    await seeText(page, `Ticket #${ticket.id.slice(-8)}: Rated from the mail`);
    // The token is read once and taken out of the address bar.
    await page.waitForURL((url) => url.hash === "");
    expect(await page.getByRole("button", { name: "Bad" }).getAttribute("aria-pressed")).toBe("true");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    await page.getByRole("textbox", { name: "Comment (optional)" }).fill("Took two days to hear back.");
    await page.getByRole("button", { name: "Save" }).click();
    await seeText(page, "Your comment has been saved.");
    const staff = await e2e.server.request(`/api/tickets/${ticket.id}/rating`, { token });
    expect(await staff.json()).toMatchObject({
      rating: "bad",
      comment: "Took two days to hear back.",
      source: "email",
    });

    // Opening the mail's other button later changes the rating and shows the saved comment, unchanged.
    const good = mail!.text.match(/^Good: (\S+)$/m)![1]!;
    const again = await e2e.open(new URL(good).pathname + new URL(good).hash);
    await seeText(again.page, "Your rating has been recorded.");
    expect(await again.page.getByRole("button", { name: "Good" }).getAttribute("aria-pressed")).toBe("true");
    await expect
      .poll(() => again.page.getByRole("textbox", { name: "Comment (optional)" }).inputValue())
      .toBe("Took two days to hear back.");
    expect(await (await e2e.server.request(`/api/tickets/${ticket.id}/rating`, { token })).json()).toMatchObject({
      rating: "good",
      comment: "Took two days to hear back.",
    });

    // A link that is not ours (or is spent) says so, at phone width too.
    const stale = await e2e.open(`/rate#token=${"a".repeat(32)}&rating=good`, { viewport: MOBILE });
    await stale.page.getByRole("alert").getByText("This rating link is not valid or has expired").waitFor();
  });
});
