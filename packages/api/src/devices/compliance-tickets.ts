// Compliance to tickets (docs/features.md §12): a problem a check-in finds opens one ticket per device and
// problem, and the check-in that finds it fixed resolves it. "One" is the primary key of
// device_compliance_tickets, claimed with INSERT ... ON CONFLICT DO NOTHING before the ticket is made,
// so two check-ins of one device at the same instant cannot both open a ticket.
import { and, clients, deviceComplianceTickets, eq, inArray, isNull, notInArray, or, tickets, type Tx } from "@repo/db";
import { type CheckinPayload, type CheckinProblem, FINISHED_STATUSES } from "@repo/validators";
import { systemScope } from "../auth/scope.js";
import { log } from "../logger.js";
import { createTicket, type TicketWriter, updateTicket } from "../tickets/service.js";
import type { Actor } from "../tickets/types.js";
import { problemIssue } from "./compliance.js";

const ACTOR: Actor = { id: null, name: "Device check-in" };
const SCOPE = systemScope("job");

interface CheckedDevice {
  id: string;
  clientId: string;
  serialNumber: string;
}

/** Opens a ticket for each new problem and resolves those of problems gone; returns what it did. */
export async function syncComplianceTickets(
  writer: TicketWriter & { db: Tx },
  device: CheckedDevice,
  facts: CheckinPayload,
  problems: readonly CheckinProblem[],
  now: Date,
): Promise<{ opened: string[]; resolved: string[] }> {
  const { db } = writer;
  // A ticket finished by hand (or deleted) no longer holds its problem: a check-in still finding it opens
  // a new one.
  const finished = db
    .select({ id: tickets.id })
    .from(tickets)
    .where(inArray(tickets.status, [...FINISHED_STATUSES]));
  await db
    .delete(deviceComplianceTickets)
    .where(
      and(
        eq(deviceComplianceTickets.deviceId, device.id),
        or(isNull(deviceComplianceTickets.ticketId), inArray(deviceComplianceTickets.ticketId, finished)),
      ),
    );

  const recovered = await db
    .delete(deviceComplianceTickets)
    .where(
      and(
        eq(deviceComplianceTickets.deviceId, device.id),
        problems.length > 0 ? notInArray(deviceComplianceTickets.problem, [...problems]) : undefined,
      ),
    )
    .returning({ ticketId: deviceComplianceTickets.ticketId });
  const resolved: string[] = [];
  for (const { ticketId } of recovered) {
    if (!ticketId) continue;
    await updateTicket(writer, { id: ticketId, patch: { status: "RESOLVED" }, actor: ACTOR, scope: SCOPE, now });
    resolved.push(ticketId);
  }

  const opened: string[] = [];
  if (problems.length === 0) return { opened, resolved };
  const [company] = await db
    .select({ name: clients.name, contactEmail: clients.contactEmail })
    .from(clients)
    .where(eq(clients.id, device.clientId));
  if (!company?.contactEmail) {
    // The requester is the company's contact address; without one there is nobody to name.
    log.warn({ deviceId: device.id }, "Compliance ticket not opened: the company has no contact address");
    return { opened, resolved };
  }
  for (const problem of problems) {
    const [claim] = await db
      .insert(deviceComplianceTickets)
      .values({ deviceId: device.id, problem, openedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!claim) continue;
    const issue = problemIssue(problem, facts, now);
    const ticket = await createTicket(writer, {
      input: {
        title: `${facts.hostname} (${device.serialNumber}): ${issue}`.slice(0, 200),
        description: `The device's check-in of ${now.toISOString()} found: ${issue}. This ticket resolves itself when a check-in finds it fixed.`,
        type: "INCIDENT",
        priority: "P3",
        requesterName: company.name,
        requesterEmail: company.contactEmail,
        clientId: device.clientId,
        deviceId: device.id,
      },
      source: "staff",
      actor: ACTOR,
      scope: SCOPE,
      now,
      acknowledge: "none",
    });
    await db
      .update(deviceComplianceTickets)
      .set({ ticketId: ticket.id })
      .where(and(eq(deviceComplianceTickets.deviceId, device.id), eq(deviceComplianceTickets.problem, problem)));
    opened.push(ticket.id);
  }
  return { opened, resolved };
}
