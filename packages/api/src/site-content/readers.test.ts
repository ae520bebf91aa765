// What the API writes for people after a publish (issue 42): a ticket's mail, an invoice's PDF and the
// assistant's answers speak in the published content's words, not the built-in ones.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { siteContentRevisions } from "@repo/db";
import type { Invoice } from "@repo/validators";
import { EmbeddedAssistant } from "../assistant/embedded.js";
import { invoicePdf } from "../billing/invoice-pdf.js";
import { automatedReason } from "../mail/inbound/automated.js";
import { parseMail } from "../mail/inbound/parse.js";
import { readBillingSettings } from "../billing/settings.js";
import { ACME, type ClientAsker, clientAsker } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { startAnotherInstance, type TestServer } from "../test/harness.js";
import { DEFAULT_CONTENT } from "./document.js";
import { forgetPublished, readIdentity } from "./published.js";
import { publishContent } from "./revisions.js";

const { server, tokens } = serverForFile([ACME]);

const NAME = "Maple Street IT";
const PHONE = "+1 (647) 555-0199";
const SUPPORT = "help@maplestreet.example";
const HYPERCARE = "Five business days of hypercare, with a Maple Street engineer on call.";

function published() {
  const content = structuredClone(DEFAULT_CONTENT);
  content.identity = {
    ...content.identity,
    name: NAME,
    legalName: "Maple Street Technology Inc.",
    tagline: "IT that keeps Maple Street moving",
    phone: PHONE,
    supportEmail: SUPPORT,
    address: { street: "12 Maple Street", city: "Guelph", region: "ON", postalCode: "N1H 1A1", country: "Canada" },
    taxNumber: "123456789 RT0001",
  };
  const migration = content.services["cloud-migration-lite"];
  migration.faqs = migration.faqs.map((f) =>
    f.question === "What happens after cutover?" ? { ...f, answer: HYPERCARE } : f,
  );
  content.packages["security-hardening-sprint"] = {
    ...content.packages["security-hardening-sprint"],
    duration: "4 business days",
    priceCents: 250_000,
  };
  return content;
}

beforeAll(async () => {
  await publishContent(server.services.db, published(), null);
});
afterAll(async () => {
  await server.services.db.delete(siteContentRevisions);
  forgetPublished();
});

describe("a ticket's mail after a publish", () => {
  it("carries the published name in its subject and the published identity in its signature", async () => {
    const res = await server.request("/api/client/tickets", {
      method: "POST",
      token: tokens[ACME],
      json: {
        title: "Scanner stopped saving to the shared folder",
        description: "Since this morning the scanner says the folder cannot be reached.",
        type: "INCIDENT",
        priority: "P3",
        requesterName: "Dana Whitfield",
        requesterEmail: ACME,
      },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const mails = await server.mailsTo(ACME);
    const received = mails.find((m) => m.subject.includes("Scanner stopped saving"))!;
    expect(received.subject).toMatch(/^\[Maple Street IT #[0-9a-z]{8}\] Scanner stopped saving/);
    expect(received.text).toContain(`-- \n${NAME}\nIT that keeps Maple Street moving\n${PHONE} · `);
    expect(received.text).not.toContain("Northwind");
  });
});

describe("an invoice's PDF after a publish", () => {
  it("names the published provider, its legal name, address, phone and tax number", async () => {
    const { db } = server.services;
    const invoice: Invoice = {
      id: "00000000-0000-4000-8000-000000000001",
      kind: "invoice",
      number: "INV-2026-0042",
      clientId: "00000000-0000-4000-8000-000000000002",
      clientName: "Acme Dental",
      month: "2026-11",
      state: "open",
      issueDate: "2026-11-01",
      dueDate: "2026-12-01",
      totalCents: 11_300,
      balanceCents: 11_300,
      agreementId: null,
      creditsInvoiceId: null,
      creditsInvoiceNumber: null,
      billTo: { name: "Acme Dental", address: "1 Main Street, Toronto", email: "billing@acme.test" },
      taxName: "HST",
      lines: [
        {
          id: "l1",
          source: "item",
          description: "Managed seat",
          quantity: 1,
          quantityUnit: "each",
          unitPriceCents: 10_000,
          amountCents: 10_000,
          taxable: true,
        },
      ],
      taxes: [{ label: "HST 13%", rateMilliPercent: 13_000, baseCents: 10_000, amountCents: 1_300 }],
      subtotalCents: 10_000,
      taxCents: 1_300,
      paidCents: 0,
      creditedCents: 0,
      payments: [],
      approvedAt: null,
      sentAt: null,
      version: 1,
    };
    const pdf = await invoicePdf(invoice, await readBillingSettings(db), await readIdentity(db));
    const file = join(mkdtempSync(join(tmpdir(), "nw-readers-")), "invoice.pdf");
    writeFileSync(file, pdf);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const line of [
      NAME,
      "Maple Street Technology Inc.",
      "12 Maple Street",
      "Guelph, ON N1H 1A1",
      `${PHONE} · ${DEFAULT_CONTENT.identity.email}`,
      "Tax registration: 123456789 RT0001",
    ])
      expect(text).toContain(line);
    expect(text).not.toContain("Northwind");
  });
});

describe("the assistant after a publish", () => {
  const assistant = new EmbeddedAssistant();
  let who: ClientAsker;
  beforeAll(async () => {
    who = await clientAsker(server.services.db, ACME);
  });
  const ask = async (message: string) =>
    (await assistant.reply({ db: server.services.db, ...who, message, history: [], now: new Date() })).content;

  it("gives the published phone number", async () => {
    expect(await ask("What is your phone number?")).toContain(PHONE);
  });

  it("answers a service's FAQ with the published answer", async () => {
    expect(await ask("What happens after cutover?")).toContain(HYPERCARE);
  });

  it("gives a package's published price and duration", async () => {
    const price = await ask("How much does the Security Hardening Sprint cost?");
    expect(price).toContain("$2,500");
    expect(price).toContain("4 business days");
    expect(await ask("How long does the Security Hardening Sprint take?")).toContain("**4 business days**");
  });

  it("greets in the published name", async () => {
    expect(await ask("Hello")).toContain(`I'm the ${NAME} assistant`);
  });

  it("answers from the next revision once it is published (its index rebuilt)", async () => {
    const next = published();
    const migration = next.services["cloud-migration-lite"];
    const later = "Ten business days of hypercare, for every migration.";
    migration.faqs = migration.faqs.map((f) => (f.answer === HYPERCARE ? { ...f, answer: later } : f));
    await publishContent(server.services.db, next, null);
    const answer = await ask("What happens after cutover?");
    expect(answer).toContain(later);
    expect(answer).not.toContain(HYPERCARE);
  });
});

describe("the public status page after a publish", () => {
  it("names the published provider in its JSON and its feed", async () => {
    const summary = (await (await server.request("/status/api/v2/summary.json")).json()) as { page: { name: string } };
    expect(summary.page.name).toBe(NAME);
    const feed = await (await server.request("/status/history.atom")).text();
    expect(feed).toContain(`<title>${NAME} status</title>`);
    expect(feed).toContain(`<author><name>${NAME}</name></author>`);
  });
});

describe("the inbound loop guard after a publish", () => {
  const mailFrom = (from: string, extra = "") =>
    parseMail(
      Buffer.from(
        `From: ${from}\r\nTo: ${SUPPORT}\r\nSubject: Hello\r\nMessage-ID: <m-${from.length}@elsewhere.example>\r\n${extra}\r\nHi\r\n`,
      ),
    );

  it("knows both the built-in and the published support address as ours", async () => {
    const { supportEmail } = await readIdentity(server.services.db);
    expect(supportEmail).toBe(SUPPORT);
    expect(automatedReason(await mailFrom(SUPPORT), supportEmail)).toBe("own mail");
    expect(automatedReason(await mailFrom(DEFAULT_CONTENT.identity.supportEmail), supportEmail)).toBe("own mail");
    expect(automatedReason(await mailFrom("x@acme.test", `X-Loop: ${SUPPORT}\r\n`), supportEmail)).toBe("own mail");
    expect(automatedReason(await mailFrom("dana@acme.test"), supportEmail)).toBeNull();
  });
});

// A second server process over the same PostgreSQL database (PGlite is held by one process): what one
// instance publishes, the other's mails and assistant say.
describe.runIf(process.env.TEST_DATABASE_URL)("another instance after a publish there", () => {
  const LATER_PHONE = "+1 (647) 555-0142";
  let other: TestServer;
  beforeAll(async () => {
    other = (await startAnotherInstance(server))!;
    const next = published();
    next.identity.phone = LATER_PHONE;
    next.packages["security-hardening-sprint"].priceCents = 275_000;
    await publishContent(server.services.db, next, null);
  });
  afterAll(() => other?.close());

  it("signs a ticket's mail with the published phone", async () => {
    const res = await other.request("/api/client/tickets", {
      method: "POST",
      token: tokens[ACME],
      json: {
        title: "Second instance: printer offline",
        description: "The front desk printer shows offline since the power cut.",
        type: "INCIDENT",
        priority: "P3",
        requesterName: "Dana Whitfield",
        requesterEmail: ACME,
      },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const received = (await other.mailsTo(ACME)).find((m) => m.subject.includes("Second instance: printer"))!;
    expect(received.subject).toMatch(/^\[Maple Street IT #/);
    expect(received.text).toContain(`${NAME}\nIT that keeps Maple Street moving\n${LATER_PHONE} · `);
  });

  it("answers with the published phone and price", async () => {
    const assistant = new EmbeddedAssistant();
    const who = await clientAsker(server.services.db, ACME);
    const ask = async (message: string) =>
      (await assistant.reply({ db: other.services.db, ...who, message, history: [], now: new Date() })).content;
    await vi.waitFor(async () => expect(await ask("What is your phone number?")).toContain(LATER_PHONE), {
      timeout: 10_000,
      interval: 250,
    });
    expect(await ask("How much does the Security Hardening Sprint cost?")).toContain("$2,750");
  });
});
