// Agreements and invoices over HTTP (docs/features.md §11): proration at the edges of a month, prepaid
// blocks burnt across two blocks and past an expiry, overage, included work types, taxes per company
// setting, gap-free numbers, credit notes and payments, every entry invoiced once under repeated and
// concurrent runs, each role's reach, and company isolation (Acme never sees Birch's money).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { and, billingRuns, clients, count, devices, eq, invoicedTime, timeEntries, users } from "@repo/db";
import { isoDay } from "@repo/content";
import type {
  Agreement,
  BillingReport,
  BillingRun,
  CatalogueItem,
  Invoice,
  InvoiceSummary,
  TaxCode,
  WorkType,
} from "@repo/validators";
import { formatCents } from "@repo/validators";
import { deliverUnsentInvoices } from "../billing/invoice-approval.js";
import { sendPaymentReminders } from "../billing/notices.js";
import { draftCompany } from "../billing/runs.js";
import { parseCsv } from "../devices/csv.js";
import { ACME, ADMIN, AGENT, BIRCH, VIEWER, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let ids: Record<string, string>;
let companies: { acme: string; birch: string };
let types: WorkType[];
const type = (name: string) => types.find((t) => t.name === name)!;
const year = isoDay().slice(0, 4);

const call = (method: string, path: string, email: string, json?: unknown) =>
  server.request(path, { method, json, token: tokens[email] });
async function ok<T>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const get = <T>(path: string, email = ADMIN) => call("GET", path, email).then((r) => ok<T>(r));
const post = <T>(path: string, json: unknown, email = ADMIN) => call("POST", path, email, json).then((r) => ok<T>(r));

async function item(name: string, unit: CatalogueItem["unit"], priceCents: number): Promise<CatalogueItem> {
  return post<CatalogueItem>("/api/billing/catalogue", { name, unit, priceCents });
}

async function newTicket(clientId: string): Promise<string> {
  const created = await post<{ id: string }>(
    "/api/tickets",
    {
      title: "Billing test ticket",
      description: "Time for the billing tests.",
      type: "INCIDENT",
      priority: "P3",
      status: "NEW",
      requesterName: "Pat Lee",
      requesterEmail: "pat@example.org",
      clientId,
    },
    AGENT,
  );
  return created.id;
}

/** Records the agent's time and approves its week. */
async function approvedTime(ticketId: string, weekStart: string, entries: [string, string, number][]) {
  for (const [date, workType, minutes] of entries)
    await post("/api/time/entries", { ticketId, date, minutes, workTypeId: type(workType).id, billable: true }, AGENT);
  await post(`/api/time/timesheets/me/${weekStart}/submit`, {}, AGENT);
  await post(`/api/time/timesheets/${ids[AGENT]}/${weekStart}/approve`, {});
}

/** Runs a month and waits for it. */
async function runMonth(month: string): Promise<BillingRun> {
  let run = await post<BillingRun>("/api/billing/runs", { month });
  for (let i = 0; i < 200 && run.status === "running"; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    run = await get<BillingRun>(`/api/billing/runs/${run.id}`);
  }
  expect(run.status, run.error ?? "").toBe("finished");
  return run;
}

const invoiceOf = async (clientId: string, month: string): Promise<Invoice> => {
  const [summary] = await get<InvoiceSummary[]>(`/api/billing/invoices?clientId=${clientId}&month=${month}`);
  expect(summary, `an invoice of ${month}`).toBeDefined();
  return get<Invoice>(`/api/billing/invoices/${summary!.id}`);
};
const linesOf = (invoice: Invoice) => invoice.lines.map((l) => [l.source, l.description, l.quantity, l.amountCents]);

let seats: CatalogueItem;
let machines: CatalogueItem;
let monitoring: CatalogueItem;
let acmeAgreement: Agreement;
let acmeUsers: number;
let acmeDevices: number;

beforeAll(async () => {
  ids = await userIds(server);
  companies = await demoCompanies(server);
  types = await get<WorkType[]>("/api/time/work-types");
  const { db } = server.services;
  [{ n: acmeUsers }] = (await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.clientId, companies.acme), eq(users.role, "CLIENT"), eq(users.active, true)))) as [
    { n: number },
  ];
  [{ n: acmeDevices }] = (await db
    .select({ n: count() })
    .from(devices)
    .where(and(eq(devices.clientId, companies.acme), eq(devices.status, "IN_USE")))) as [{ n: number }];
  seats = await item("Managed seat", "per_user_month", 4_500);
  machines = await item("Device monitoring", "per_device_month", 1_200);
  monitoring = await item("Backup service", "flat_month", 10_000);
});

describe("roles", () => {
  it("keeps money from agents unless allowed, lets viewers read, and clients reach only their own", async () => {
    await expectRefused(
      await call("GET", "/api/billing/invoices", AGENT),
      403,
      "Prices and invoices are not shown to agents",
      "FORBIDDEN",
    );
    expect((await call("GET", "/api/billing/invoices", VIEWER)).status).toBe(200);
    await expectRefused(
      await call("POST", "/api/billing/runs", VIEWER, { month: "2026-03" }),
      403,
      "Administrators only",
      "FORBIDDEN",
    );
    expect((await call("GET", "/api/billing/invoices", ACME)).status).toBe(403);
    expect((await call("GET", "/api/client/invoices", AGENT)).status).toBe(403);
  });

  it("refuses bad input with its reason and changes nothing", async () => {
    const res = await call("POST", "/api/billing/agreements", ADMIN, {
      clientId: companies.acme,
      name: "Broken",
      startDate: "2026-03-10",
      endDate: "2026-03-01",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "End date must not be before the start date" });
    expect(await get<Agreement[]>(`/api/billing/agreements?clientId=${companies.acme}`)).toEqual([]);
    expect(
      (await call("POST", "/api/billing/catalogue", ADMIN, { name: "Cents", unit: "flat_month", priceCents: 1.5 }))
        .status,
    ).toBe(400);
  });
});

describe("a month's run", () => {
  it("creates an agreement with recurring lines, work type rules and two prepaid blocks", async () => {
    acmeAgreement = await post<Agreement>("/api/billing/agreements", {
      clientId: companies.acme,
      name: "Managed IT",
      startDate: "2026-03-15",
      billingDay: 1,
      lines: [
        { catalogueItemId: seats.id, quantitySource: "users" },
        { catalogueItemId: machines.id, quantitySource: "devices" },
        { catalogueItemId: monitoring.id, quantitySource: "fixed", fixedQuantity: 1, unitPriceCents: 9_000 },
      ],
      workTypes: [
        { workTypeId: type("On-site").id, treatment: "included" },
        { workTypeId: type("Project").id, treatment: "rate", hourlyRateCents: 16_000 },
      ],
    });
    const remote = type("Remote support").id;
    for (const block of [
      { minutes: 120, priceCents: 20_000, purchasedOn: "2026-03-01", expiresOn: "2026-03-31" },
      { minutes: 60, priceCents: 11_000, purchasedOn: "2026-03-20", expiresOn: "2026-12-31" },
    ])
      await post(`/api/billing/agreements/${acmeAgreement.id}/blocks`, {
        agreementId: acmeAgreement.id,
        overageRateCents: 15_000,
        workTypeIds: [remote],
        ...block,
      });
    const read = await get<Agreement>(`/api/billing/agreements/${acmeAgreement.id}`);
    expect(read.lines.map((l) => [l.itemName, l.quantitySource])).toEqual([
      ["Managed seat", "users"],
      ["Device monitoring", "devices"],
      ["Backup service", "fixed"],
    ]);
    expect(read.blocks.map((b) => [b.minutes, b.remainingMinutes])).toEqual([
      [120, 120],
      [60, 60],
    ]);
  });

  it("bills the first month prorated from the start day, with the blocks bought, in advance", async () => {
    await runMonth("2026-03");
    const march = await invoiceOf(companies.acme, "2026-03");
    // 17 of March's 31 days, from the 15th.
    const prorate = (cents: number) => Math.round((cents * 17) / 31);
    expect(linesOf(march)).toEqual([
      ["recurring", "Managed seat (March 2026, 17 of 31 days)", acmeUsers, prorate(acmeUsers * 4_500)],
      ["recurring", "Device monitoring (March 2026, 17 of 31 days)", acmeDevices, prorate(acmeDevices * 1_200)],
      ["recurring", "Backup service (March 2026, 17 of 31 days)", 1, prorate(9_000)],
      ["block_purchase", "Prepaid hours: 2 h, bought 2026-03-01, expires 2026-03-31", 1, 20_000],
      ["block_purchase", "Prepaid hours: 1 h, bought 2026-03-20, expires 2026-12-31", 1, 11_000],
    ]);
    const subtotal = march.lines.reduce((s, l) => s + l.amountCents, 0);
    expect(march.subtotalCents).toBe(subtotal);
    expect(march.taxes).toEqual([
      { label: "HST", rateMilliPercent: 13_000, baseCents: subtotal, amountCents: Math.round(subtotal * 0.13) },
    ]);
    expect(march.totalCents).toBe(subtotal + march.taxCents);
    expect([march.state, march.number]).toEqual(["draft", null]);
  });

  it("bills time in arrears: included, burnt from two blocks first in first out, past an expiry, overage, rates", async () => {
    const ticket = await newTicket(companies.acme);
    await approvedTime(ticket, "2026-03-16", [
      ["2026-03-16", "Remote support", 90], // block 1: 90
      ["2026-03-17", "Remote support", 60], // block 1: 30 (spent), block 2 not bought yet: 30 overage
      ["2026-03-20", "Remote support", 45], // block 2: 45
      ["2026-03-18", "On-site", 30], // included
      ["2026-03-19", "Project", 60], // the agreement's rate
    ]);
    await approvedTime(ticket, "2026-04-06", [["2026-04-07", "Remote support", 25]]); // block 1 expired: block 2 has 15
    await runMonth("2026-04");
    const april = await invoiceOf(companies.acme, "2026-04");
    expect(linesOf(april)).toEqual([
      ["recurring", "Managed seat (April 2026)", acmeUsers, acmeUsers * 4_500],
      ["recurring", "Device monitoring (April 2026)", acmeDevices, acmeDevices * 1_200],
      ["recurring", "Backup service (April 2026)", 1, 9_000],
      ["block_time", "Prepaid hours used (block bought 2026-03-01)", 120, 0],
      ["block_time", "Prepaid hours used (block bought 2026-03-20)", 45, 0],
      ["overage", "Remote support beyond prepaid hours", 30, 7_500],
      ["time", "Project", 60, 16_000],
      ["included_time", "On-site (included)", 30, 0],
    ]);
    // April's entry is dated after April's billing date: May's run bills it.
    await runMonth("2026-05");
    const may = await invoiceOf(companies.acme, "2026-05");
    expect(linesOf(may).filter(([source]) => source !== "recurring")).toEqual([
      ["block_time", "Prepaid hours used (block bought 2026-03-20)", 15, 0],
      ["overage", "Remote support beyond prepaid hours", 10, 2_500],
    ]);
    const blocks = (await get<Agreement>(`/api/billing/agreements/${acmeAgreement.id}`)).blocks;
    expect(blocks.map((b) => b.remainingMinutes)).toEqual([0, 0]);
  });

  it("mails admins and the company's people once when a block runs low", async () => {
    const lowMails = async (email: string) => (await server.mailsTo(email)).filter((m) => m.kind === "block.low");
    // April's run spent the first block; May's took the second to nothing (20% is the default threshold).
    expect((await lowMails(ADMIN)).map((m) => m.subject)).toEqual([
      "Prepaid hours running low: Acme Dental",
      "Prepaid hours running low: Acme Dental",
    ]);
    const client = await lowMails(ACME);
    expect(client.map((m) => m.subject)).toEqual([
      "Your prepaid support hours are running low",
      "Your prepaid support hours are running low",
    ]);
    expect(client[1]!.text).toContain("0 min of your 2 h of prepaid support hours are left");
    await runMonth("2026-05");
    expect(await lowMails(ADMIN)).toHaveLength(2);
    expect(await lowMails(BIRCH)).toEqual([]);
  });

  it("invoices every entry once, however often and however concurrently the month is run", async () => {
    const { db } = server.services;
    const claimed = async () => (await db.select({ n: count() }).from(invoicedTime))[0]!.n;
    const before = await claimed();
    expect(before).toBe(6);
    const april = await invoiceOf(companies.acme, "2026-04");
    await runMonth("2026-04");
    expect(await claimed()).toBe(6);
    expect((await invoiceOf(companies.acme, "2026-04")).totalCents).toBe(april.totalCents);
    await Promise.all([draftCompany(db, companies.acme, "2026-04"), draftCompany(db, companies.acme, "2026-04")]);
    expect(await claimed()).toBe(6);
    expect(await get<InvoiceSummary[]>(`/api/billing/invoices?clientId=${companies.acme}&month=2026-04`)).toHaveLength(
      1,
    );
    expect((await invoiceOf(companies.acme, "2026-04")).totalCents).toBe(april.totalCents);
    await Promise.all([runMonth("2026-04"), runMonth("2026-04")]);
    expect(await claimed()).toBe(6);
    expect((await invoiceOf(companies.acme, "2026-04")).totalCents).toBe(april.totalCents);
  });

  it("previews a month against the one before: quantities, new devices, and those seen lately", async () => {
    const { db } = server.services;
    await db.insert(devices).values({
      clientId: companies.acme,
      serialNumber: "BILL-NEW-1",
      assetTag: "ACME-LT-NEW",
      status: "IN_USE",
      lastCheckIn: new Date(),
    });
    await runMonth("2026-05");
    const preview = await get<{
      invoices: {
        clientId: string;
        changes: string[];
        previousTotalCents: number | null;
        devicesInUse: number;
        devicesSeen: number;
      }[];
    }>("/api/billing/months/2026-05");
    const acme = preview.invoices.find((i) => i.clientId === companies.acme)!;
    expect(acme.previousTotalCents).toBe((await invoiceOf(companies.acme, "2026-04")).totalCents);
    expect(acme.changes).toEqual([
      `Device monitoring (May 2026): quantity ${acmeDevices} → ${acmeDevices + 1}`,
      "New device: ACME-LT-NEW",
    ]);
    expect([acme.devicesInUse, acme.devicesSeen >= 1]).toEqual([acmeDevices + 1, true]);
    acmeDevices += 1;
  });

  it("answers a run already going instead of starting a second, unless it stopped with its server", async () => {
    const { db } = server.services;
    const [going] = await db.insert(billingRuns).values({ month: "2026-08", status: "running" }).returning();
    expect((await post<BillingRun>("/api/billing/runs", { month: "2026-08" })).id).toBe(going!.id);
    await db
      .update(billingRuns)
      .set({ heartbeatAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(billingRuns.id, going!.id));
    const fresh = await runMonth("2026-08");
    expect(fresh.id).not.toBe(going!.id);
    expect(await get<BillingRun>(`/api/billing/runs/${going!.id}`)).toMatchObject({
      status: "failed",
      error: "The run stopped with its server",
    });
  });
});

describe("approval, credit notes and payments", () => {
  it("numbers approved invoices without gaps and locks them", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    const march = await invoiceOf(companies.acme, "2026-03");
    const [a, b] = await Promise.all([
      post<Invoice>(`/api/billing/invoices/${march.id}/approve`, {}),
      post<Invoice>(`/api/billing/invoices/${april.id}/approve`, {}),
    ]);
    expect([a.number, b.number].sort()).toEqual([`INV-${year}-0001`, `INV-${year}-0002`]);
    expect(a.state).toBe("open");
    // Each went to the company's billing contact once, its PDF kept in the file store for the mail.
    const contact = a.billTo.email!;
    const sent = (await server.mailsTo(contact)).filter((m) => m.kind === "invoice.sent");
    expect(sent.map((m) => m.subject).sort()).toEqual([
      `Northwind IT invoice INV-${year}-0001`,
      `Northwind IT invoice INV-${year}-0002`,
    ]);
    expect(sent[0]!.text).toContain("Total:");
    const pdf = await server.services.files.get(`invoices/${april.id}.pdf`);
    expect(pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await get<Invoice>(`/api/billing/invoices/${april.id}`)).sentAt).not.toBeNull();
    await expectRefused(
      await call("POST", `/api/billing/invoices/${april.id}/items`, ADMIN, {
        invoiceId: april.id,
        description: "Late fee",
        quantity: 1,
        unitPriceCents: 100,
      }),
      409,
      "An approved invoice cannot be changed: issue a credit note",
      "CONFLICT",
    );
    expect((await call("POST", `/api/billing/invoices/${april.id}/approve`, ADMIN, {})).status).toBe(409);
    // A run of an approved month leaves it as it is.
    await runMonth("2026-04");
    expect((await invoiceOf(companies.acme, "2026-04")).totalCents).toBe(april.totalCents);
    // Its time cannot be unapproved: a credit note corrects it.
    expect(
      (await call("POST", `/api/time/timesheets/${ids[AGENT]}/2026-03-16/reverse`, ADMIN, { comment: "Wrong" })).status,
    ).toBe(409);
  });

  it("corrects with a credit note numbered on its own, never beyond the invoice", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    const note = await post<Invoice>(`/api/billing/invoices/${april.id}/credit-notes`, {
      invoiceId: april.id,
      lines: [{ description: "Backup service down two days", amountCents: 1_000, taxable: true }],
    });
    expect([note.kind, note.subtotalCents, note.taxCents, note.totalCents]).toEqual([
      "credit_note",
      -1_000,
      -130,
      -1_130,
    ]);
    const approved = await post<Invoice>(`/api/billing/invoices/${note.id}/approve`, {});
    expect([approved.number, approved.creditsInvoiceNumber]).toEqual([`CN-${year}-0001`, april.number]);
    const after = await get<Invoice>(`/api/billing/invoices/${april.id}`);
    expect([after.creditedCents, after.balanceCents]).toEqual([1_130, april.totalCents - 1_130]);
    await expectRefused(
      await call("POST", `/api/billing/invoices/${april.id}/credit-notes`, ADMIN, {
        invoiceId: april.id,
        lines: [{ description: "Everything", amountCents: april.subtotalCents, taxable: true }],
      }),
      409,
      "Credit notes cannot take off more than the invoice's subtotal",
      "CONFLICT",
    );
  });

  it("records partial payments up to the balance, then reads paid", async () => {
    const march = await invoiceOf(companies.acme, "2026-03");
    const partial = await post<Invoice>(`/api/billing/invoices/${march.id}/payments`, {
      invoiceId: march.id,
      paidOn: "2026-04-10",
      method: "eft",
      reference: "EFT 4471",
      amountCents: 10_000,
    });
    expect([partial.paidCents, partial.balanceCents, partial.state]).toEqual([
      10_000,
      march.totalCents - 10_000,
      "open",
    ]);
    const over = await call("POST", `/api/billing/invoices/${march.id}/payments`, ADMIN, {
      invoiceId: march.id,
      paidOn: "2026-04-11",
      method: "cheque",
      amountCents: march.totalCents,
    });
    expect(over.status).toBe(409);
    const paid = await post<Invoice>(`/api/billing/invoices/${march.id}/payments`, {
      invoiceId: march.id,
      paidOn: "2026-04-12",
      method: "cheque",
      amountCents: march.totalCents - 10_000,
    });
    expect([paid.balanceCents, paid.state, paid.payments.length]).toEqual([0, "paid", 2]);
  });
});

describe("payment reminders", () => {
  it("remind once per reminder day while an invoice is owed, however many run the check", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    const contact = april.billTo.email!;
    const reminders = async () => (await server.mailsTo(contact)).filter((m) => m.kind === "invoice.reminder");
    const { db } = server.services;
    const after = (days: number) => {
      const due = new Date(`${april.dueDate}T00:00:00Z`);
      return new Date(due.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    };
    expect(await sendPaymentReminders(db, after(6))).toEqual([]);
    const [one, two] = await Promise.all([sendPaymentReminders(db, after(8)), sendPaymentReminders(db, after(8))]);
    expect([...one, ...two]).toEqual([{ invoiceId: april.id, daysAfterDue: 7 }]);
    expect(await sendPaymentReminders(db, after(9))).toEqual([]);
    expect(await sendPaymentReminders(db, after(20))).toEqual([{ invoiceId: april.id, daysAfterDue: 14 }]);
    expect(await sendPaymentReminders(db, after(90))).toEqual([]);
    const sent = await reminders();
    expect(sent.map((m) => m.subject)).toEqual([
      `Reminder: Northwind IT invoice ${april.number} is past due`,
      `Reminder: Northwind IT invoice ${april.number} is past due`,
    ]);
    expect(sent[0]!.text).toContain(formatCents(april.balanceCents));
    // March is paid in full: never reminded.
    const march = await invoiceOf(companies.acme, "2026-03");
    expect(march.balanceCents).toBe(0);
  });
});

describe("taxes per company", () => {
  it("bills GST and QST, or nothing when exempt, each rounded once on the invoice", async () => {
    const codes = await get<TaxCode[]>("/api/billing/tax-codes");
    const code = (name: string) => codes.find((c) => c.name === name)!.id;
    const flat = await item("Firewall service", "flat_month", 10_005);
    await post("/api/billing/agreements", {
      clientId: companies.birch,
      name: "Firewall",
      startDate: "2026-01-01",
      lines: [{ catalogueItemId: flat.id, quantitySource: "fixed", fixedQuantity: 1 }],
    });
    await call("PUT", `/api/billing/companies/${companies.birch}`, ADMIN, {
      clientId: companies.birch,
      taxCodeId: code("GST 5% + QST 9.975%"),
      billingEmail: "accounts@birch.test",
      billingAddress: "1 Birch Lane, Montréal QC",
    }).then((r) => ok(r));
    await runMonth("2026-07");
    const quebec = await invoiceOf(companies.birch, "2026-07");
    // 10,005 × 5% = 500.25 → 500; × 9.975% = 997.99 → 998.
    expect(quebec.taxes.map((t) => [t.label, t.amountCents])).toEqual([
      ["GST", 500],
      ["QST", 998],
    ]);
    expect([quebec.totalCents, quebec.billTo.email]).toEqual([10_005 + 1_498, "accounts@birch.test"]);
    await call("PUT", `/api/billing/companies/${companies.birch}`, ADMIN, {
      clientId: companies.birch,
      taxCodeId: code("Exempt"),
      billingEmail: null,
      billingAddress: null,
    }).then((r) => ok(r));
    await runMonth("2026-07");
    const exempt = await invoiceOf(companies.birch, "2026-07");
    expect([exempt.taxes, exempt.totalCents]).toEqual([[], 10_005]);
  });
});

describe("the client's view", () => {
  it("shows a client its own approved invoices and prepaid hours, never a draft or Birch's", async () => {
    const mine = await get<InvoiceSummary[]>("/api/client/invoices", ACME);
    expect(mine.map((i) => i.number).sort()).toEqual([`CN-${year}-0001`, `INV-${year}-0001`, `INV-${year}-0002`]);
    const birchDraft = await invoiceOf(companies.birch, "2026-07");
    expect((await call("GET", `/api/client/invoices/${birchDraft.id}`, BIRCH)).status).toBe(404);
    expect((await call("GET", `/api/client/invoices/${mine[0]!.id}`, BIRCH)).status).toBe(404);
    expect(await get<InvoiceSummary[]>("/api/client/invoices", BIRCH)).toEqual([]);
    const blocks = await get<{ minutes: number; remainingMinutes: number; burnDown: unknown[] }[]>(
      "/api/client/prepaid-hours",
      ACME,
    );
    expect(blocks.map((b) => [b.minutes, b.remainingMinutes])).toEqual([
      [120, 0],
      [60, 0],
    ]);
    // The burn-down follows the days of the time each block paid for.
    expect(blocks.map((b) => b.burnDown)).toEqual([
      [
        { date: "2026-03-01", remainingMinutes: 120 },
        { date: "2026-03-16", remainingMinutes: 30 },
        { date: "2026-03-17", remainingMinutes: 0 },
      ],
      [
        { date: "2026-03-20", remainingMinutes: 60 },
        { date: "2026-03-20", remainingMinutes: 15 },
        { date: "2026-04-07", remainingMinutes: 0 },
      ],
    ]);
    expect(await get("/api/client/prepaid-hours", BIRCH)).toEqual([]);
    // A client's company row is untouched by billing reads.
    const [acme] = await server.services.db.select().from(clients).where(eq(clients.id, companies.acme));
    expect(acme!.taxCodeId).toBeNull();
    expect(await server.services.db.select({ n: count() }).from(timeEntries)).toEqual([{ n: 6 }]);
  });
});

describe("accounting export", () => {
  const file = (month: string, name: string, email = ADMIN) =>
    call("GET", `/api/billing/exports/${month}/${name}.csv`, email);

  it("writes the month's approved invoices in QuickBooks Online's and Xero's layouts, the same rows twice", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    const first = await file("2026-04", "quickbooks-invoices");
    expect(first.status).toBe(200);
    const text = await first.text();
    const rows = parseCsv(text);
    expect(text.split("\r\n")[0]).toBe(
      "*InvoiceNo,*Customer,*InvoiceDate,*DueDate,Terms,Location,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,*ItemAmount,*ItemTaxCode,ItemTaxAmount,Currency,Service Date",
    );
    const ofApril = rows.filter((r) => r.cells[0] === april.number);
    expect(ofApril).toHaveLength(april.lines.length);
    const cents = (cell: string) => Math.round(Number(cell) * 100);
    expect(ofApril.reduce((sum, r) => sum + cents(r.cells[11]!), 0)).toBe(april.subtotalCents);
    expect(ofApril.reduce((sum, r) => sum + cents(r.cells[13]!), 0)).toBe(april.taxCents);
    for (const r of ofApril) expect(Number(r.cells[9]) * cents(r.cells[10]!)).toBe(cents(r.cells[11]!));
    expect(await (await file("2026-04", "quickbooks-invoices")).text()).toBe(text);
    const xero = await (await file("2026-04", "xero-invoices")).text();
    expect(xero.split("\r\n")[0]).toBe(
      "*ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,*InvoiceNumber,Reference,*InvoiceDate,*DueDate,InventoryItemCode,*Description,*Quantity,*UnitAmount,Discount,*AccountCode,*TaxType,TrackingName1,TrackingOption1,TrackingName2,TrackingOption2,Currency,BrandingTheme",
    );
    expect(parseCsv(xero).filter((r) => r.cells[10] === april.number)).toHaveLength(april.lines.length);
    expect(parseCsv(await (await file("2026-04", "xero-contacts")).text()).map((r) => r.cells[0])).toEqual([
      "*ContactName",
      "Acme Dental",
    ]);
    const recorded = await get<{ file: string; rows: number; sha256: string }[]>("/api/billing/exports?month=2026-04");
    const quickbooks = recorded.filter((r) => r.file === "quickbooks-invoices");
    expect(quickbooks).toHaveLength(2);
    expect(new Set(quickbooks.map((r) => r.sha256)).size).toBe(1);
    expect(quickbooks[0]!.rows).toBe(rows.length - 1);
  });

  it("is for admins, and refuses an unknown file or month", async () => {
    expect((await file("2026-04", "quickbooks-invoices", VIEWER)).status).toBe(403);
    expect((await file("2026-04", "sage-invoices")).status).toBe(404);
    expect((await file("2026-13", "xero-invoices")).status).toBe(400);
  });
});

describe("billing reports", () => {
  it("adds up recurring revenue, revenue, unbilled time, blocks and receivables", async () => {
    const report = await get<BillingReport>("/api/billing/report?from=2026-01&to=2026-12");
    const acmeMonthly = acmeUsers * 4_500 + acmeDevices * 1_200 + 9_000;
    expect(report.monthlyRecurring.byCompany.map((c) => [c.name, c.cents])).toEqual([
      ["Acme Dental", acmeMonthly],
      [report.monthlyRecurring.byCompany[1]!.name, 10_005],
    ]);
    expect(report.monthlyRecurring.totalCents).toBe(acmeMonthly + 10_005);
    const march = await invoiceOf(companies.acme, "2026-03");
    const april = await invoiceOf(companies.acme, "2026-04");
    expect(report.revenue.find((r) => r.clientId === companies.acme)!.cents).toBe(
      march.subtotalCents + april.subtotalCents - 1_000,
    );
    expect(report.unbilledTime).toEqual([]);
    expect(report.blocks.map((b) => [b.clientName, b.minutes, b.usedMinutes])).toEqual([
      ["Acme Dental", 120, 120],
      ["Acme Dental", 60, 60],
    ]);
    expect(report.receivables.byCompany).toEqual([
      {
        clientId: companies.acme,
        name: "Acme Dental",
        current: april.balanceCents,
        "1-30": 0,
        "31-60": 0,
        "61-90": 0,
        "90+": 0,
      },
    ]);
  });
});

describe("the invoice as a PDF", () => {
  const pdfText = async (res: Response) => {
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const dir = mkdtempSync(join(tmpdir(), "nw-pdf-"));
    const file = join(dir, "invoice.pdf");
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  };

  it("carries the number, every line, the taxes and the totals of the invoice it was made from", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    const text = await pdfText(await call("GET", `/api/billing/invoices/${april.id}/pdf`, ADMIN));
    expect(text).toContain(`Invoice ${april.number}`);
    expect(text).toContain("Acme Dental");
    for (const line of april.lines) {
      expect(text).toContain(line.description);
      expect(text).toContain(formatCents(line.amountCents));
    }
    expect(text).toMatch(new RegExp(`HST 13%\\s+${formatCents(april.taxCents).replace("$", "\\$")}`));
    expect(text).toMatch(new RegExp(`Total \\(CAD\\)\\s+${formatCents(april.totalCents).replace("$", "\\$")}`));
    expect(text).toMatch(new RegExp(`Balance due\\s+${formatCents(april.balanceCents).replace("$", "\\$")}`));
  });

  it("is the client's own, and money agents are not shown", async () => {
    const april = await invoiceOf(companies.acme, "2026-04");
    expect(await pdfText(await call("GET", `/api/client/invoices/${april.id}/pdf`, ACME))).toContain(april.number!);
    expect((await call("GET", `/api/client/invoices/${april.id}/pdf`, BIRCH)).status).toBe(404);
    expect((await call("GET", `/api/billing/invoices/${april.id}/pdf`, AGENT)).status).toBe(403);
    const draft = await invoiceOf(companies.birch, "2026-07");
    expect((await call("GET", `/api/client/invoices/${draft.id}/pdf`, BIRCH)).status).toBe(404);
    expect(await pdfText(await call("GET", `/api/billing/invoices/${draft.id}/pdf`, ADMIN))).toContain("DRAFT");
  });
});

describe("approval and delivery apart", () => {
  const creditNote = async (description: string) => {
    const april = await invoiceOf(companies.acme, "2026-04");
    return post<Invoice>(`/api/billing/invoices/${april.id}/credit-notes`, {
      invoiceId: april.id,
      lines: [{ description, amountCents: 100, taxable: false }],
    });
  };
  const serial = (number: string | null) => Number(number!.split("-")[2]);

  it("numbers two concurrent approvals consecutively, neither waiting on the other's PDF", async () => {
    const [first, second] = [await creditNote("Concurrent one"), await creditNote("Concurrent two")];
    const store = server.services.files;
    const put = store.put;
    // The first PDF stored is held until the other approval has answered: were the PDF drawn while the
    // number counter is held, the other approval would wait for it and this test would never finish.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let puts = 0;
    store.put = async (key, data) => {
      if (puts++ === 0) await held;
      return put.call(store, key, data);
    };
    try {
      const one = post<Invoice>(`/api/billing/invoices/${first.id}/approve`, {});
      await new Promise((resolve) => setTimeout(resolve, 100)); // the first reaches its PDF
      const other = await post<Invoice>(`/api/billing/invoices/${second.id}/approve`, {});
      release();
      const numbers = [serial((await one).number), serial(other.number)].sort((a, b) => a - b);
      expect(numbers[1]).toBe(numbers[0]! + 1);
      expect((await one).sentAt).not.toBeNull();
      expect(other.sentAt).not.toBeNull();
    } finally {
      release();
      store.put = put;
    }
  });

  it("keeps an approval whose delivery failed, and the sweep sends it once", async () => {
    const note = await creditNote("File store down");
    const store = server.services.files;
    const put = store.put;
    store.put = async () => {
      throw new Error("file store unavailable");
    };
    let approved: Invoice;
    try {
      approved = await post<Invoice>(`/api/billing/invoices/${note.id}/approve`, {});
    } finally {
      store.put = put;
    }
    expect(approved.number).toMatch(/^CN-/);
    expect(approved.sentAt).toBeNull();
    const subject = `Northwind IT credit note ${approved.number}`;
    const sentOf = async () => (await server.mailsTo(approved.billTo.email!)).filter((m) => m.subject === subject);
    expect(await sentOf()).toHaveLength(0);
    const { db, files } = server.services;
    const runs = await Promise.all([deliverUnsentInvoices(db, files), deliverUnsentInvoices(db, files)]);
    expect(runs.flat()).toEqual([note.id]);
    expect(await deliverUnsentInvoices(db, files)).toEqual([]);
    expect(await sentOf()).toHaveLength(1);
    expect((await get<Invoice>(`/api/billing/invoices/${note.id}`)).sentAt).not.toBeNull();
  });
});
