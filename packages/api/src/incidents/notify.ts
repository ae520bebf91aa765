// An incident's update told to its linked tickets (docs/features.md §18): one public comment on each
// ticket, through the ticket write service so SLA, webhooks and rules see it, with the ticket's own reply
// mail held back; then one mail per distinct requester through the outbox. Resolving can resolve the
// linked tickets too, without the status and rating mails a resolution otherwise sends.
import { type Database, inArray, tickets } from "@repo/db";
import {
  FINISHED_STATUSES,
  INCIDENT_STATUS_LABELS,
  type IncidentUpdateInput,
  type IncidentUpdateResult,
  type Role,
} from "@repo/validators";
import type { EventBus } from "../events.js";
import type { StaffScope } from "../auth/scope.js";
import { InvalidError } from "../errors.js";
import { enqueueMail } from "../mail/outbox.js";
import { incidentUpdateMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { addComment, inOuterTransaction, updateTicket } from "../tickets/service.js";
import type { Actor } from "../tickets/types.js";
import { getIncident, linkedTicketIds, recordUpdate } from "./incidents.js";
import { mailSubscribers } from "./subscriptions.js";

export async function postIncidentUpdate(
  writer: { db: Database; bus: EventBus },
  scope: StaffScope,
  author: Actor & { role: Role },
  input: IncidentUpdateInput,
  now = new Date(),
): Promise<IncidentUpdateResult> {
  const { db } = writer;
  await getIncident(db, scope, input.id);
  if (input.resolveTickets && input.status !== "RESOLVED") {
    throw new InvalidError("Linked tickets can be resolved only by an update that resolves the incident");
  }
  let ticketsCommented = 0;
  let ticketsResolved = 0;
  let requestersMailed = 0;
  // All or nothing, and the tickets' live events go out only once the whole has committed.
  await inOuterTransaction(writer, async (nested, tx) => {
    const incident = await recordUpdate(tx, scope, input.id, { status: input.status, message: input.message }, now);
    const status = INCIDENT_STATUS_LABELS[input.status];
    // The status page's subscribers hear of public incidents only.
    if (incident.isPublic) await mailSubscribers(tx, { title: incident.title, status }, input.message);
    const ticketIds = await linkedTicketIds(tx, input.id);
    if (input.notifyTickets) {
      for (const ticketId of ticketIds) {
        await addComment(nested, {
          ticketId,
          author,
          content: input.message,
          internal: false,
          scope,
          now,
          requesterMail: false,
        });
        ticketsCommented++;
      }
    }
    // Read once, after the comments (which may have moved a ticket's status).
    const wanted = ticketIds.length > 0 && (input.resolveTickets || input.notifyTickets);
    const linked = wanted ? await tx.select().from(tickets).where(inArray(tickets.id, ticketIds)) : [];
    if (input.resolveTickets) {
      for (const ticket of linked) {
        if (FINISHED_STATUSES.includes(ticket.status) || ticket.held) continue;
        await updateTicket(nested, {
          id: ticket.id,
          patch: { status: "RESOLVED" },
          actor: author,
          scope,
          now,
          requesterMail: false,
        });
        ticketsResolved++;
      }
    }
    if (input.notifyTickets) {
      // One mail per requester, whatever the number of their tickets; addresses compared case-blind.
      const byRequester = new Map<string, { name: string; email: string; ticketIds: string[] }>();
      for (const ticket of linked) {
        const key = ticket.requesterEmail.toLowerCase();
        const entry = byRequester.get(key) ?? {
          name: ticket.requesterName,
          email: ticket.requesterEmail,
          ticketIds: [],
        };
        entry.ticketIds.push(ticket.id);
        byRequester.set(key, entry);
      }
      for (const requester of byRequester.values()) {
        await enqueueMail(
          tx,
          incidentUpdateMail(
            await readIdentity(tx),
            requester,
            { title: incident.title, status },
            input.message,
            requester.ticketIds,
          ),
        );
        requestersMailed++;
      }
    }
  });
  return { incident: await getIncident(db, scope, input.id), ticketsCommented, requestersMailed, ticketsResolved };
}
