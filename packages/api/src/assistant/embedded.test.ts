// The embedded engine against the demo seed: each question with the facts its answer must contain.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { tickets } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { type ClientAsker, clientAsker } from "../test/fixtures.js";
import { EmbeddedAssistant, UNKNOWN_ANSWER } from "./embedded.js";
import type { AssistantReply } from "./types.js";
import { articleDocs } from "./articles.js";

const { server } = serverForFile();
const assistant = new EmbeddedAssistant();
const people: Record<string, ClientAsker> = {};

beforeAll(async () => {
  for (const email of ["client@acme.test", "client@birch.test"])
    people[email] = await clientAsker(server.services.db, email);
});

async function ask(message: string, email = "client@acme.test"): Promise<AssistantReply> {
  const who = people[email]!;
  return assistant.reply({ db: server.services.db, ...who, message, history: [], now: new Date() });
}

/** Dana's next message after the assistant asked for a ticket's details (and what it kept of the first). */
async function detailsGiven(message: string, partialProblem?: string): Promise<AssistantReply> {
  const who = people["client@acme.test"]!;
  return assistant.reply({
    db: server.services.db,
    ...who,
    message,
    history: [],
    now: new Date(),
    awaitingTicketDetails: true,
    partialProblem,
  });
}

async function referenceOf(titleStart: string): Promise<string> {
  const rows = await server.services.db.select({ id: tickets.id, title: tickets.title }).from(tickets);
  return rows.find((t) => t.title.startsWith(titleStart))!.id.slice(-8);
}

// Figures of the demo seed (packages/db/src/seed.ts) for Acme Dental.
const QUESTIONS: [question: string, facts: string[]][] = [
  [
    "How many open tickets do we have?",
    ["2 open tickets", "1 in progress", "2 resolved", "6 tickets in total", "1 is waiting on your reply"],
  ],
  [
    "What's the status of the printer ticket?",
    ["Front desk printer jams on every second page", "is **New**", "P3 Medium"],
  ],
  [
    "Any update on the server ticket?",
    ["Practice management server is down", "In Progress", "Thank you, patients are arriving at 10"],
  ],
  [
    "Which of our devices are at risk?",
    ["3 devices", "ACME-DT-0003", "ACME-TB-0005", "ACME-PH-0012", "disk not encrypted", "no check-in for 45 days"],
  ],
  [
    "Which warranties are expiring soon?",
    ["5 devices", "ACME-LT-0002", "ACME-DT-0003", "ACME-PH-0007", "ACME-PH-0012", "ACME-DT-0011"],
  ],
  ["What devices does Priya Nair have?", ["Priya Nair has 2 devices", "ACME-LT-0002", "ACME-TB-0005"]],
  ["What does Tom use?", ["Tom Keller has 2 devices", "ACME-DT-0003", "ACME-PH-0012"]],
  [
    "How many devices do we have?",
    ["12 devices", "8 in use", "2 available", "3 at risk", "5 with a warranty expiring"],
  ],
  ["How long does email deliverability take?", ["48 hours"]],
  ["How long does the Fast Start take?", ["3 business days"]],
  ["How many users can Cloud Migration Lite handle?", ["up to 20 users"]],
  ["How much email downtime should we expect during the migration?", ["2-4 hours"]],
  ["How fast do you respond to critical issues?", ["2 hours"]],
  ["When will you reply to my enquiry?", ["one business day", "Mon-Fri"]],
  ["How many devices are included in the Fast Start?", ["up to 10 devices", "2 app deployments"]],
  ["How long is the security sprint?", ["5 business days", "30-minute"]],
  ["How long to set up 15 devices?", ["1 week", "10-25 devices"]],
  ["Which platforms do you support?", ["Windows 10/11", "macOS", "iOS", "Android"]],
  ["What do you need from us for the security sprint?", ["Global Administrator", "5-10 minutes"]],
  ["How long does MFA enrolment take per person?", ["5-10 minutes"]],
  ["Where are you located?", ["Toronto"]],
  ["What size teams do you work with?", ["3 to 30 people"]],
  ["How much do your services cost?", ["quoted on request", "no bloated retainers"]],
  ["Why are my emails going to spam?", ["SPF", "DKIM", "DMARC"]],
  ["How long does an email migration take?", ["1-2 weeks"]],
  ["How long does enrolment take for each device?", ["15-30 minutes per device"]],
  ["What happens after cutover?", ["1 business day of hypercare"]],
];

describe("embedded assistant answers with the real figures", () => {
  it.each(QUESTIONS)("%s", async (question, facts) => {
    const { content, engine } = await ask(question);
    expect(engine).toBe("embedded");
    for (const fact of facts) expect(content.toLowerCase()).toContain(fact.toLowerCase());
  });

  it("finds a ticket by its 8-character reference, with or without #", async () => {
    const ref = await referenceOf("Practice management server");
    for (const question of [`What's the status of #${ref}?`, `status ${ref}`]) {
      const { content } = await ask(question);
      expect(content).toContain(`#${ref}`);
      expect(content).toContain("In Progress");
    }
  });

  it("never shows an internal note as a ticket's latest comment", async () => {
    const { content } = await ask("What's happening with the iPad email ticket?");
    expect(content).toContain("Email not syncing on the hygienists' iPads");
    expect(content).toContain("Thanks Dana, we can reproduce it");
    expect(content).not.toContain("old mail server name");
  });

  it("keeps each company to its own tickets and devices", async () => {
    const birch = await ask("How many open tickets do we have?", "client@birch.test");
    expect(birch.content).toContain("Birch Legal has 2 open tickets");
    expect(birch.content).toContain("1 is on hold");
    expect(birch.content).not.toMatch(/printer|Practice management|Acme/i);
    const vpn = await ask("What's the status of the VPN ticket?");
    expect(vpn.content).not.toContain("VPN disconnects");
    const birchRef = await referenceOf("VPN disconnects");
    expect((await ask(`status of #${birchRef}`)).content).toContain("can't find a ticket");
    const devices = await ask("What devices does Elena Ruiz have?");
    expect(devices.content).toBe("I can't find any device assigned to Elena Ruiz in your inventory.");
  });

  it.each([
    "What's the capital of France?",
    "Who won the hockey game last night?",
    "Can you recommend a pizza place?",
    "What colour does Northwind have on its logo?",
  ])("says it does not know %j and offers to open a ticket", async (question) => {
    const { content, draft } = await ask(question);
    expect(content).toContain("I don't know");
    expect(content).toContain("open a support ticket");
    expect(draft).toBeUndefined();
  });

  it("drafts a ticket from a request, with type and priority from the words, and asks to confirm", async () => {
    const { content, draft } = await ask("please open a ticket: the printer in reception is jammed");
    expect(draft).toEqual({
      title: "Printer in reception is jammed",
      description: "The printer in reception is jammed",
      type: "INCIDENT",
      priority: "P3",
    });
    expect(content).toContain('Reply "yes" to confirm');
    const urgent = await ask("Can you raise a ticket about the server being down, nobody can work, it's urgent");
    expect(urgent.draft).toMatchObject({ type: "INCIDENT", priority: "P1" });
    const request = await ask("Open a new ticket: we need a laptop set up for our new hygienist starting Monday");
    expect(request.draft).toMatchObject({ type: "REQUEST", priority: "P3" });
  });

  it("offers next questions with a service's duration, and each of them is answered from the page", async () => {
    const first = await ask("How quickly can you fix our email deliverability?");
    expect(first.content).toContain("**48 hours** from access received");
    expect(first.sources).toEqual([{ title: "Email Deliverability page", path: "/services/email-deliverability" }]);
    expect(first.suggestions).toHaveLength(2);
    for (const next of first.suggestions!) {
      const answer = await ask(next);
      expect(answer.sources).toEqual(first.sources);
      expect(answer.content).not.toContain("I don't know");
    }
  });

  it("keeps what was said when a request is too short, and drafts once the details come", async () => {
    const first = await ask("open a ticket: VPN down");
    expect(first).toMatchObject({ awaitingTicketDetails: true, partialProblem: "VPN down" });
    expect(first.content).toContain("What happens exactly, on which device or for whom, and since when?");
    const second = await detailsGiven("it drops every few minutes for everyone since Monday", first.partialProblem);
    expect(second.draft).toEqual({
      title: "VPN down",
      description: "VPN down. It drops every few minutes for everyone since Monday",
      type: "INCIDENT",
      priority: "P1",
    });
    expect(second.content).toContain('P1 Urgent, because the business is stopped or it is urgent ("everyone")');
  });

  it("refuses a draft that fails the client form's validation, with its message", async () => {
    const { content, draft, awaitingTicketDetails } = await ask("open a ticket: VPN down");
    expect(draft).toBeUndefined();
    expect(content).toContain("Description must be at least 20 characters");
    expect(awaitingTicketDetails).toBe(true);
  });

  it("asks what is wrong when the request carries no description, then drafts from the next message", async () => {
    const first = await ask("Can you open a ticket for me?");
    expect(first.awaitingTicketDetails).toBe(true);
    expect(first.draft).toBeUndefined();
    const second = await detailsGiven("Outlook keeps asking for my password every few minutes");
    expect(second.draft).toMatchObject({
      title: "Outlook keeps asking for password every few minutes",
      type: "REQUEST",
    });
  });
});

describe("a stopped business, a device to record, a holiday", () => {
  it("drafts a P1 at once for an outage said as a statement, and a hand-off after it is a P1 too", async () => {
    const outage = "Our whole office has no internet since 8am, our business is stopped";
    const reply = await ask(outage);
    expect(reply.draft?.priority).toBe("P1");
    expect(reply.content).toContain("2 hours");
    const who = people["client@acme.test"]!;
    const handoff = await assistant.reply({
      db: server.services.db,
      ...who,
      message: "talk to a person",
      history: [{ role: "user", content: outage }],
      now: new Date(),
    });
    expect(handoff.handoff).toBe(true);
    expect(handoff.draft?.priority).toBe("P1");
    expect(handoff.content).not.toContain("one business day");
  });

  it("points to Add Device for a device to record instead of looking one up", async () => {
    const reply = await ask("Add a laptop for Maria");
    expect(reply.content).toContain("Add Device");
    expect(reply.content).toContain("/client/inventory");
    expect(reply.content).not.toMatch(/can't find/i);
    expect(reply.draft).toBeUndefined();
  });

  it("answers a holiday from the SLA calendar, with the day a weekend holiday is observed", async () => {
    const who = people["client@acme.test"]!;
    const reply = await assistant.reply({
      db: server.services.db,
      ...who,
      message: "Are you open on Boxing Day?",
      history: [],
      now: new Date("2027-12-01T15:00:00Z"),
    });
    // Boxing Day 2027 is a Sunday; with Christmas observed on Monday the 27th, it is observed on the 28th.
    expect(reply.content).toContain("Boxing Day");
    expect(reply.content).toContain("Sunday, December 26, 2027");
    expect(reply.content).toContain("observed Tuesday, December 28, 2027");
  });

  it("reads the asker's articles once per message, however many branches look", async () => {
    // The real reader, watched (a module mock would not hold: test files share their modules).
    const reader = vi.fn(articleDocs);
    const watched = new EmbeddedAssistant(undefined, reader);
    const who = people["client@acme.test"]!;
    // Names a service without fitting anything: the services branch and the last resort both look.
    const message = "Cloud migration: zebra aquarium penguin trombone volcano marmalade?";
    const reply = await watched.reply({ db: server.services.db, ...who, message, history: [], now: new Date() });
    expect(reply.content).toBe(UNKNOWN_ANSWER);
    expect(reader).toHaveBeenCalledTimes(1);
  });
});
