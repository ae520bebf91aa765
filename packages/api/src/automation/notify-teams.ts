// A Microsoft Teams notification: the body a Teams workflow ("When a Teams webhook request is received",
// Power Automate) posts to a channel. Workflows take Adaptive Cards only (not the retired connectors'
// MessageCard), wrapped as a message with one attachment.
import type { TicketCard } from "./ticket-card.js";

export function teamsMessage(card: TicketCard) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        // Microsoft's examples send null: the card travels inline in `content`.
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            {
              type: "TextBlock",
              text: `${card.reference} ${card.title}`,
              size: "Medium",
              weight: "Bolder",
              wrap: true,
            },
            {
              type: "FactSet",
              facts: [
                { title: "Company", value: card.company },
                { title: "Priority", value: card.priority },
                { title: "Status", value: card.status },
                { title: "SLA", value: card.slaState },
              ],
            },
            { type: "TextBlock", text: card.ruleName, isSubtle: true, size: "Small", wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: "Open ticket", url: card.url }],
        },
      },
    ],
  };
}
