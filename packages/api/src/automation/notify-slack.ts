// A Slack notification: the body of an incoming webhook, in Block Kit. `text` is the fallback Slack shows
// in notifications and where blocks cannot be drawn; the blocks carry the same facts and a button.
import type { TicketCard } from "./ticket-card.js";

/** Slack refuses a header over 150 characters and a field over 2000. */
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
/** mrkdwn treats &, < and > as markup: escaped as Slack's formatting guide says. */
const escapeMrkdwn = (s: string) => s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
const field = (label: string, value: string) => ({
  type: "mrkdwn",
  text: cut(`*${label}*\n${escapeMrkdwn(value)}`, 2000),
});

export function slackMessage(card: TicketCard) {
  return {
    text: `${card.reference} ${card.title} (${card.company}, ${card.priority}, SLA ${card.slaState}): ${card.url}`,
    blocks: [
      { type: "header", text: { type: "plain_text", text: cut(`${card.reference} ${card.title}`, 150) } },
      {
        type: "section",
        fields: [
          field("Company", card.company),
          field("Priority", card.priority),
          field("Status", card.status),
          field("SLA", card.slaState),
        ],
      },
      { type: "context", elements: [{ type: "mrkdwn", text: escapeMrkdwn(card.ruleName) }] },
      {
        type: "actions",
        elements: [{ type: "button", text: { type: "plain_text", text: "Open ticket" }, url: card.url }],
      },
    ],
  };
}
