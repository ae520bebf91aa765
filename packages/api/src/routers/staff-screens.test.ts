// The server agrees with the staff-screen table of @repo/validators: for each screen, every role calls the
// queries that load it, and is refused (403) exactly where the table does not list it. The web's menu and
// route guard read that table from storage (docs/product-spec.md §6); this is the check that the server,
// which decides on every call, draws the same lines.
import { beforeAll, describe, expect, it } from "vitest";
import { articles, tickets } from "@repo/db";
import { ROLES, type Role, STAFF_SCREENS, staffScreenReaders } from "@repo/validators";
import { ACME, ADMIN, AGENT, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const ACCOUNTS: Record<Role, string> = { ADMIN, AGENT, VIEWER, CLIENT: ACME };
const { server, tokens } = serverForFile(Object.values(ACCOUNTS));
let ticketId: string;
let incidentId: string;
let articleId: string;

beforeAll(async () => {
  const [ticket] = await server.services.db.select({ id: tickets.id }).from(tickets).limit(1);
  ticketId = ticket!.id;
  const [article] = await server.services.db.select({ id: articles.id }).from(articles).limit(1);
  articleId = article!.id;
  // An incident that affects the client's company, so the client portal's read of it is answered.
  const { acme } = await demoCompanies(server);
  const declared = await server.request("/api/incidents", {
    method: "POST",
    token: tokens[ADMIN],
    json: { title: "Mail delayed", message: "Investigating.", clientIds: [acme] },
  });
  incidentId = ((await declared.json()) as { id: string }).id;
});

/** A valid, minimal input of each query the table names, as its screen sends it (none: no input). */
const INPUTS: Record<string, () => unknown> = {
  "metrics.overview": () => ({ range: "7d" }),
  "metrics.cta": () => ({ range: "7d" }),
  "tickets.list": () => ({}),
  "tickets.get": () => ({ id: ticketId }),
  "knowledge.get": () => ({ id: articleId }),
  "knowledge.revisions": () => ({ id: articleId }),
  "tickets.commentPage": () => ({ id: ticketId }),
  "tickets.history": () => ({ id: ticketId }),
  "views.list": () => undefined,
  "views.counts": () => undefined,
  "devices.page": () => ({}),
  "devices.metrics": () => ({}),
  "contact.enquiryPage": () => ({}),
  "mail.page": () => ({}),
  "mailIn.received": () => ({}),
  "mailIn.quarantined": () => ({}),
  "reports.summary": () => ({}),
  "sla.policy": () => undefined,
  "cannedReplies.list": () => undefined,
  "users.page": () => ({}),
  "users.list": () => ({}),
  "settings.security": () => undefined,
  "settings.checkin": () => undefined,
  "clients.list": () => undefined,
  "account.sessions": () => undefined,
  "account.passkeys": () => undefined,
  "account.secondFactor": () => undefined,
  "time.timesheet": () => ({ userId: "me", weekStart: "2026-11-23" }),
  "time.workTypes": () => undefined,
  "time.settings": () => undefined,
  "webhooks.list": () => undefined,
  "webhooks.settings": () => undefined,
  "recurring.list": () => undefined,
  "billing.invoices": () => ({}),
  "billing.settings": () => undefined,
  "billing.month": () => ({ month: "2026-11" }),
  "billing.agreements": () => ({}),
  "billing.catalogue": () => undefined,
  "billing.taxCodes": () => undefined,
  "automation.rules": () => undefined,
  "apiKeys.list": () => undefined,
  "alerts.settings": () => undefined,
  "incidents.list": () => ({}),
  "incidents.services": () => undefined,
  "incidents.get": () => ({ id: incidentId }),
  "incidents.suggestedTickets": () => ({ id: incidentId }),
  "siteContent.state": () => undefined,
  "siteContent.revisions": () => undefined,
};

/** The status of a query over tRPC's HTTP GET, as `role`'s signed-in account. */
async function statusOf(procedure: string, role: Role): Promise<number> {
  const input = INPUTS[procedure]!();
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const res = await server.request(`/trpc/${procedure}${query}`, { token: tokens[ACCOUNTS[role]] });
  return res.status;
}

it("has an input for every query the table names", () => {
  const named = STAFF_SCREENS.flatMap((screen) => screen.procedures);
  expect(named.filter((procedure) => !(procedure in INPUTS))).toEqual([]);
});

describe.each(STAFF_SCREENS.map((screen) => [screen.path, screen] as const))("the screen %s", (_path, screen) => {
  for (const role of ROLES) {
    it(`${role}: answered exactly where the table lists it, refused (403) elsewhere`, async () => {
      const answers: Record<string, number> = {};
      const expected: Record<string, number> = {};
      for (const procedure of screen.procedures) {
        answers[procedure] = await statusOf(procedure, role);
        expected[procedure] = staffScreenReaders(screen, procedure).includes(role) ? 200 : 403;
      }
      expect(answers).toEqual(expected);
    });
  }
});

describe("the money screens, once the billing settings let agents see money", () => {
  it("answers an AGENT every query of each", async () => {
    const settings = { token: tokens[ADMIN] };
    const current = await (await server.request("/api/billing/settings", settings)).json();
    const put = (agentsSeeMoney: boolean) =>
      server.request("/api/billing/settings", { ...settings, method: "PUT", json: { ...current, agentsSeeMoney } });
    expect((await put(true)).status).toBe(200);
    try {
      const money = STAFF_SCREENS.filter((screen) => "money" in screen);
      expect(money.length).toBeGreaterThan(0);
      for (const screen of money) {
        for (const procedure of screen.procedures) {
          expect(staffScreenReaders(screen, procedure, true)).toContain("AGENT");
          expect([procedure, await statusOf(procedure, "AGENT")]).toEqual([procedure, 200]);
        }
      }
    } finally {
      expect((await put(false)).status).toBe(200);
    }
  });
});
