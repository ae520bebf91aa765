// SLA on the staff portal (docs/architecture.md §9) in Chromium: the countdown on a ticket, and an
// admin changing a target and adding a holiday at /settings/sla, after which the ticket's due time moves.
// The server runs on the real clock, so the test reads the due time the API gives rather than fixing one.
import { describe, expect, it } from "vitest";
import { describeFindings, seriousViolations } from "./axe.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { companyId, createTicket, openAsStaff, seeText, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();

interface Standing {
  dueAt: string;
  remainingMs: number;
}

async function resolutionOf(token: string, id: string): Promise<Standing> {
  const res = await e2e.server.request(`/api/sla/tickets/${id}`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { resolution: Standing }).resolution;
}

/** The Toronto calendar date an instant falls on (YYYY-MM-DD). */
const torontoDate = (iso: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Toronto", dateStyle: "short" }).format(new Date(iso));

describe("SLA", () => {
  it("shows the countdown on a ticket; an admin's new target and holiday move its due time", async () => {
    const token = await staffToken(e2e);
    const ticket = await createTicket(e2e, token, {
      title: "SLA countdown printer jam",
      clientId: await companyId(e2e, token, "Acme Dental"),
      priority: "P3",
    });
    const before = await resolutionOf(token, ticket.id);

    const { page } = await openAsStaff(e2e, `/tickets/${ticket.id}`);
    const sla = page.getByRole("region", { name: "SLA" });
    await sla
      .getByTestId("sla-resolution")
      .getByText(/business time left$/)
      .waitFor();
    expect(await sla.getByTestId("sla-calendar").textContent()).toBe(
      "Mon-Fri 9:00-17:00 America/Toronto, holidays excluded",
    );
    await sla.getByText("Time paused (waiting on customer, on hold):").waitFor();
    const dueBefore = await sla.getByTestId("sla-resolution-due").textContent();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);

    // The admin: P3 resolution from 3 to 4 business days, and the day the ticket was due made a holiday.
    await page.goto("/settings/sla");
    const resolution = page.getByRole("textbox", { name: "P3 Normal resolution (minutes)" });
    await resolution.waitFor();
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
    await resolution.fill("1920");
    await page.getByRole("button", { name: "Add holiday" }).click();
    const holidays = page.getByRole("region", { name: "Holidays" });
    const count = await holidays.getByRole("textbox", { name: /^Holiday \d+ name$/ }).count();
    const dueDay = torontoDate(before.dueAt);
    await page.getByLabel(`Holiday ${count} date`).fill(dueDay);
    await page.getByLabel(`Holiday ${count} name`).fill("Office move");
    await page.getByRole("button", { name: "Save SLA policy" }).click();
    await seeText(page, "SLA policy saved");

    const after = await resolutionOf(token, ticket.id);
    // One more business day, and one more for the holiday: at least two working days later.
    expect(Date.parse(after.dueAt) - Date.parse(before.dueAt)).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(after.remainingMs - before.remainingMs).toBeGreaterThan(7 * 3_600_000);

    const policy = (await (await e2e.server.request("/api/sla/policy", { token })).json()) as {
      targets: { priority: string; resolutionMinutes: number }[];
      calendar: { holidays: { date: string; name: string }[] };
    };
    expect(policy.targets.find((t) => t.priority === "P3")?.resolutionMinutes).toBe(1920);
    expect(policy.calendar.holidays).toContainEqual({ date: dueDay, name: "Office move" });

    await page.goto(`/tickets/${ticket.id}`);
    const due = sla.getByTestId("sla-resolution-due");
    await due.waitFor();
    await expect.poll(() => due.textContent()).not.toBe(dueBefore);

    // A bad save says what is wrong and changes nothing.
    await page.goto("/settings/sla");
    await page.getByLabel("Closing time").fill("08:00");
    await page.getByRole("button", { name: "Save SLA policy" }).click();
    await seeText(page, "Closing time must be after opening time");
  });

  it("shows an agent the policy read-only, usable at phone width", async () => {
    const { page } = await openAsStaff(e2e, "/settings/sla", "agent@northwind.test", MOBILE);
    const resolution = page.getByRole("textbox", { name: "P3 Normal resolution (minutes)" });
    await resolution.waitFor();
    expect(await resolution.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Save SLA policy" }).count()).toBe(0);
    await seeText(page, "Only an administrator can change them.");
    expect(describeFindings(await seriousViolations(page))).toEqual([]);
  });
});
