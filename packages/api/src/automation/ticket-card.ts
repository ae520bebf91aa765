// What a Teams or Slack notification says about a ticket: its title, company, priority, SLA state and a
// link to the staff ticket page. Read once per notification, inside the rule's transaction.
import { clients, eq, type DbExecutor } from "@repo/db";
import { STAFF_PRIORITY_LABELS, type SlaState, TICKET_STATUS_LABELS, ticketReference } from "@repo/validators";
import { publicBaseUrl } from "../mail/templates.js";
import type { TicketRow } from "../tickets/serialize.js";

export interface TicketCard {
  reference: string;
  title: string;
  company: string;
  priority: string;
  status: string;
  slaState: string;
  url: string;
  /** Why it was sent: "Automation: Escalate P1". */
  ruleName: string;
}

/** The SLA state as the staff list says it. */
const SLA_WORDS: Record<SlaState, string> = { ok: "On track", at_risk: "At risk", overdue: "Overdue" };

export async function ticketCard(db: DbExecutor, ticket: TicketRow, ruleName: string): Promise<TicketCard> {
  const [company] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, ticket.clientId));
  return {
    reference: `#${ticketReference(ticket.id)}`,
    title: ticket.title,
    company: company?.name ?? "",
    priority: STAFF_PRIORITY_LABELS[ticket.priority],
    status: TICKET_STATUS_LABELS[ticket.status],
    slaState: SLA_WORDS[ticket.slaState],
    url: `${publicBaseUrl()}/tickets/${ticket.id}`,
    ruleName,
  };
}
