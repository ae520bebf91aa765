// Issue 43 in the browser: staff declare an incident on the screens, link three tickets of three
// different requesters from the suggestions and post one update that tells them; each requester is
// mailed once (read from the outbox, as the other browser tests read mail). The client portal shows the
// incident to the affected company's user and not to another company's. Axe on the new staff screens.
import { describe, expect, it } from "vitest";
import { axeSweep } from "./axe-sweep.js";
import { openAsClient } from "./client-session.js";
import { MOBILE, startE2EForFile } from "./harness.js";
import { companyId, openAsStaff, STAFF, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();
const { check, checkWhenShown, checkDialog } = axeSweep();

const REQUESTERS = [
  { name: "Mina Okafor", email: "mina@acme-dental.test" },
  { name: "Raj Patel", email: "raj@acme-dental.test" },
  { name: "Lea Dubois", email: "lea@acme-dental.test" },
];
const TITLE = "Acme mail delayed";

/** An open ticket of Acme Dental from `requester`, as an agent opens one for a caller. */
async function acmeTicket(token: string, clientId: string, requester: { name: string; email: string }) {
  const res = await e2e.server.request("/api/tickets", {
    method: "POST",
    token,
    json: {
      title: `No mail since this morning (${requester.name})`,
      description: "Nothing has arrived in the inbox since 9 a.m.",
      type: "INCIDENT",
      priority: "P2",
      requesterName: requester.name,
      requesterEmail: requester.email,
      clientId,
    },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const incidentMails = async (email: string) =>
  (await e2e.server.mailsTo(email)).filter((m) => m.kind === "incident.update");

describe("service incidents", () => {
  it("staff declare, link three requesters' tickets and tell each of them once; only the affected company sees it", async () => {
    const token = await staffToken(e2e, STAFF.agent.email);
    const acme = await companyId(e2e, token, "Acme Dental");
    for (const requester of REQUESTERS) await acmeTicket(token, acme, requester);
    const before = await Promise.all(REQUESTERS.map(async (r) => (await e2e.server.mailsTo(r.email)).length));

    const { page } = await openAsStaff(e2e, "/incidents", STAFF.agent.email);
    await checkWhenShown(page, page.getByText("No incidents in the last 90 days."), "staff: incidents, empty");
    await page.getByRole("button", { name: "Declare incident" }).click();
    const dialog = page.getByRole("dialog", { name: "Declare incident" });
    await check(page, "staff: declare incident dialog");
    await dialog.getByLabel("Title").fill(TITLE);
    await dialog.getByLabel("Companies", { exact: true }).click();
    await page.getByRole("option", { name: "Acme Dental" }).click();
    await dialog.getByLabel("First message").fill("Inbound mail is delayed; we are on it.");
    await dialog.getByRole("button", { name: "Declare incident" }).click();
    await page.waitForURL("**/incidents/*");
    await page.getByRole("heading", { name: TITLE, level: 1 }).waitFor();

    // The three new tickets are suggested (opened since shortly before the incident); link each.
    const suggested = page.getByRole("list", { name: "Suggested tickets" });
    for (let linked = 1; linked <= REQUESTERS.length; linked++) {
      await suggested
        .getByRole("button", { name: /^Link #/ })
        .first()
        .click();
      await expect
        .poll(() => page.getByRole("list", { name: "Linked tickets" }).getByRole("listitem").count())
        .toBe(linked);
    }
    await check(page, "staff: incident with linked tickets");

    await page.getByRole("textbox", { name: "Message" }).fill("Microsoft has fixed the delay; mail is flowing.");
    await page.getByRole("checkbox", { name: /Tell the linked tickets/ }).check();
    await page.getByRole("button", { name: "Post update" }).click();
    await page.getByText("3 tickets told, 3 requesters mailed").waitFor();

    for (const [i, requester] of REQUESTERS.entries()) {
      expect(await incidentMails(requester.email), requester.email).toHaveLength(1);
      // Exactly one new mail each: the ticket's own reply mail was held back for the incident's.
      expect((await e2e.server.mailsTo(requester.email)).length - before[i]!, requester.email).toBe(1);
    }

    // The agent desk's ticket page names the incident its ticket is linked to.
    await page.getByRole("list", { name: "Linked tickets" }).getByRole("link").first().click();
    await page.getByRole("region", { name: "Incident" }).getByRole("link", { name: TITLE }).waitFor();

    const affected = await openAsClient(e2e, "/client-dashboard");
    const banner = affected.page.getByTestId("incident-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toContain(TITLE);
    await affected.page.goto("/client/status");
    await affected.page.getByRole("heading", { name: TITLE }).waitFor();

    const other = await openAsClient(e2e, "/client-dashboard", { email: "client@birch.test" });
    await other.page.getByRole("heading", { level: 1 }).first().waitFor();
    await other.page.waitForLoadState("networkidle");
    expect(await other.page.getByTestId("incident-banner").count()).toBe(0);
    await other.page.goto("/client/status");
    await other.page.getByText("No incidents have affected your company.").waitFor();
    expect(await other.page.getByText(TITLE).count()).toBe(0);
  });

  it("the staff screens at phone width, the list and the managed services (axe)", async () => {
    const { page } = await openAsStaff(e2e, "/incidents", STAFF.admin.email, MOBILE);
    await checkWhenShown(page, page.getByRole("list", { name: "Incidents" }), "staff: incidents, listed");
    await page.getByRole("link", { name: TITLE }).click();
    await checkWhenShown(page, page.getByRole("heading", { name: "Post update" }), "staff: incident page");
    await page.goto("/settings/services");
    await checkWhenShown(page, page.getByText(/No managed services yet|Depended on by/).first(), "staff: services");
    await checkDialog(page, "staff: add service dialog", "Add service");
  });
});
