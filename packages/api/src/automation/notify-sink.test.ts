// Teams and Slack notifications as the receivers get them: a rule's actions queue them, the webhooks'
// delivery worker sends them to a local HTTP sink, and the bodies are checked against the documented
// shapes (a Teams workflow's message with an Adaptive Card 1.4; a Slack incoming webhook's Block Kit).
import { automationRules, eq, users } from "@repo/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemScope } from "../auth/scope.js";
import { demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { createTicket } from "../tickets/service.js";
import { createDeliveryWorker } from "../webhooks/delivery-worker.js";
import { startWebhookSink, type WebhookSink } from "../webhooks/test-sink.js";

const { server } = serverForFile();
let sink: WebhookSink;

beforeAll(async () => {
  sink = await startWebhookSink();
});
afterAll(async () => {
  await sink?.stop();
});

it("delivers a rule's Teams and Slack notifications in their documented shapes", async () => {
  const db = server.services.db;
  const { acme } = await demoCompanies(server);
  const [admin] = await db.select().from(users).where(eq(users.role, "ADMIN"));
  await db.insert(automationRules).values({
    name: "Tell the channel",
    position: 1,
    trigger: { kind: "ticket.created" },
    conditions: [{ kind: "priority", in: ["P1"] }],
    actions: [
      { kind: "notify_teams", url: `${sink.url}/teams` },
      { kind: "notify_slack", url: `${sink.url}/slack` },
    ],
  });
  const ticket = await createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: "Email server <down> & bouncing",
      description: "No mail has come in since 08:00 this morning.",
      type: "INCIDENT",
      priority: "P1",
      status: "NEW",
      requesterName: "Dana Whitfield",
      requesterEmail: "client@acme.test",
      clientId: acme,
    },
    source: "staff",
    actor: { id: admin!.id, name: admin!.name, role: "ADMIN" },
  });

  const worker = createDeliveryWorker({ db, production: false });
  expect(await worker.drainOnce()).toMatchObject({ delivered: 2, dead: 0 });
  const byPath = Object.fromEntries(sink.received.map((r) => [r.path, r]));
  const link = expect.stringMatching(new RegExp(`^https?://[^/]+/tickets/${ticket.id}$`));

  const teamsRequest = byPath["/teams"]!;
  expect(teamsRequest.headers["content-type"]).toMatch(/^application\/json/);
  // Only a webhook subscription's deliveries are signed.
  expect(teamsRequest.headers["webhook-signature"]).toBeUndefined();
  const teams = JSON.parse(teamsRequest.body);
  expect(Object.keys(teams).sort()).toEqual(["attachments", "type"]);
  expect(teams.type).toBe("message");
  const [attachment] = teams.attachments;
  expect(attachment.contentType).toBe("application/vnd.microsoft.card.adaptive");
  const card = attachment.content;
  expect(card).toMatchObject({
    $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
    type: "AdaptiveCard",
    version: "1.4",
  });
  expect(card.body[0]).toMatchObject({
    type: "TextBlock",
    text: expect.stringContaining("Email server <down> & bouncing"),
  });
  expect(card.body[1]).toEqual({
    type: "FactSet",
    facts: [
      { title: "Company", value: "Acme Dental" },
      { title: "Priority", value: "P1 Critical" },
      { title: "Status", value: "New" },
      { title: "SLA", value: "On track" },
    ],
  });
  expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open ticket", url: link }]);

  const slackRequest = byPath["/slack"]!;
  expect(slackRequest.headers["content-type"]).toMatch(/^application\/json/);
  const slack = JSON.parse(slackRequest.body);
  expect(Object.keys(slack).sort()).toEqual(["blocks", "text"]);
  expect(slack.text).toContain("Email server <down> & bouncing");
  expect(slack.blocks[0]).toEqual({
    type: "header",
    text: { type: "plain_text", text: expect.stringContaining("Email server <down> & bouncing") },
  });
  // mrkdwn fields: markup characters escaped as Slack asks (&amp; &lt; &gt;).
  expect(slack.blocks[1]).toEqual({
    type: "section",
    fields: [
      { type: "mrkdwn", text: "*Company*\nAcme Dental" },
      { type: "mrkdwn", text: "*Priority*\nP1 Critical" },
      { type: "mrkdwn", text: "*Status*\nNew" },
      { type: "mrkdwn", text: "*SLA*\nOn track" },
    ],
  });
  expect(slack.blocks[3]).toEqual({
    type: "actions",
    elements: [{ type: "button", text: { type: "plain_text", text: "Open ticket" }, url: link }],
  });
});
