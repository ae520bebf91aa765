// Alert intake (docs/features.md §13, decision 0046): an alert becomes a ticket through the ticket service
// (so mails, SLA and the after-change hooks run), folded by company, device (or host) and check into one
// open ticket whose row in alert_tickets is claimed with INSERT ... ON CONFLICT DO NOTHING: of concurrent
// alerts only the claimer opens a ticket, the others wait on its row and add a note to that ticket.
// A recovery notes and (a setting) resolves it; past N alerts a minute for a company, alerts go to the
// company's one "alert flood" ticket instead.
import { alertTickets, and, clients, devices, eq, inArray, tickets, type Tx } from "@repo/db";
import { FINISHED_STATUSES, type AlertOutcome, type GenericAlert, type TicketPriority } from "@repo/validators";
import { companyFilter, systemScope, type Scope } from "../auth/scope.js";
import { hit } from "../auth/rate-limit.js";
import { UnprocessableError } from "../errors.js";
import { addComment, createTicket, inOuterTransaction, type TicketWriter, updateTicket } from "../tickets/service.js";
import { alertSettings } from "./settings.js";
import { toGenericAlert } from "./formats.js";

/** Tickets are written as the intake itself, once the alert's company is known (from the key or device). */
const WRITE_SCOPE = systemScope("alerts");

const PRIORITY: Record<GenericAlert["severity"], TicketPriority> = {
  critical: "P1",
  high: "P2",
  warning: "P3",
  info: "P4",
};

/** Who is sending: the key's name for the audit, and the company it is bound to, if any. */
export interface AlertSender {
  /** "API key <name>": the actor of every ticket, note and change the alert makes. */
  actorName: string;
  clientId: string | null;
}

interface Target {
  clientId: string;
  deviceId: string | null;
  /** `device:<id>`, `serial:<serial>` or `host:<hostname>`: what the alert is about, for folding. */
  subject: string;
  /** How the ticket names it. */
  label: string;
}

/** The device named by serial, within the sender's reach; the alert's company is the key's, else the device's. */
async function targetOf(writer: TicketWriter, scope: Scope, sender: AlertSender, alert: GenericAlert): Promise<Target> {
  const [device] = alert.deviceSerial
    ? await writer.db
        .select({ id: devices.id, clientId: devices.clientId })
        .from(devices)
        .where(and(eq(devices.serialNumber, alert.deviceSerial), companyFilter(scope, devices.clientId)))
        .limit(1)
    : [];
  const clientId = sender.clientId ?? device?.clientId;
  if (!clientId) {
    throw new UnprocessableError(
      alert.deviceSerial
        ? `No device has the serial ${alert.deviceSerial}, and this API key is bound to no company: the alert's company is unknown`
        : "This API key is bound to no company and the alert names no device serial: the alert's company is unknown",
    );
  }
  const label = [alert.hostname, alert.deviceSerial && `(${alert.deviceSerial})`].filter(Boolean).join(" ");
  const subject = device
    ? `device:${device.id}`
    : alert.deviceSerial
      ? `serial:${alert.deviceSerial}`
      : `host:${alert.hostname!.toLowerCase()}`;
  return { clientId, deviceId: device?.id ?? null, subject, label };
}

const alertLine = (alert: GenericAlert, target: Target, at: Date) =>
  `[${alert.source}] ${alert.status === "firing" ? "FIRING" : "RESOLVED"} ${alert.severity}: ${alert.check} on ${target.label}` +
  ` at ${alert.occurredAt ?? at.toISOString()}${alert.message ? `\n${alert.message}` : ""}`;

/** Takes one alert in; answers what became of it. */
export async function takeAlert(
  writer: TicketWriter,
  scope: Scope,
  sender: AlertSender,
  body: unknown,
  now = new Date(),
): Promise<AlertOutcome> {
  const alert = toGenericAlert(body);
  if (!alert) return { outcome: "ignored", ticketId: null };
  const target = await targetOf(writer, scope, sender, alert);
  const settings = await alertSettings.read(writer.db);
  const actor = { id: null, name: sender.actorName, role: "AGENT" as const };

  if (alert.status === "resolved") {
    return inOuterTransaction(writer, async (nested, tx) => {
      const row = await openClaim(tx, target.clientId, target.subject, alert.check);
      if (!row?.ticketId) return { outcome: "ignored", ticketId: null };
      const ticketId = row.ticketId;
      await addComment(nested, {
        ticketId,
        author: actor,
        content: alertLine(alert, target, now),
        internal: true,
        scope: WRITE_SCOPE,
        now,
      });
      if (!settings.resolveOnRecovery) return { outcome: "noted", ticketId };
      await updateTicket(nested, { id: ticketId, patch: { status: "RESOLVED" }, actor, scope: WRITE_SCOPE, now });
      await tx.delete(alertTickets).where(claimKey(target.clientId, target.subject, alert.check));
      return { outcome: "resolved", ticketId };
    });
  }

  // Counted outside the transaction, in the shared rate-limit table, so every instance sees one count.
  const window = await hit(writer.db, `alerts:${target.clientId}`, { max: settings.floodPerMinute, windowMs: 60_000 });
  const flood = window.count > settings.floodPerMinute;
  return inOuterTransaction(writer, async (nested, tx) => {
    const [subject, check] = flood ? ["flood", ""] : [target.subject, alert.check];
    await dropFinishedClaim(tx, target.clientId, subject, check);
    const [claimed] = await tx
      .insert(alertTickets)
      .values({ clientId: target.clientId, subject, check, openedAt: now, lastAlertAt: now })
      .onConflictDoNothing()
      .returning();
    if (claimed) {
      const ticket = await createTicket(nested, {
        input: await ticketFor(tx, alert, target, flood, settings.floodPerMinute, now),
        source: "staff",
        actor,
        scope: WRITE_SCOPE,
        now,
        // The requester is the company's contact address: an alert is not theirs to be told of.
        acknowledge: "none",
      });
      await tx
        .update(alertTickets)
        .set({ ticketId: ticket.id })
        .where(claimKey(target.clientId, subject, check));
      return { outcome: flood ? "flood" : "opened", ticketId: ticket.id };
    }
    // Another alert holds the row: wait for it (FOR UPDATE) and add to its ticket.
    const [row] = await tx
      .select()
      .from(alertTickets)
      .where(claimKey(target.clientId, subject, check))
      .for("update");
    await tx
      .update(alertTickets)
      .set({ lastAlertAt: now })
      .where(claimKey(target.clientId, subject, check));
    await addComment(nested, {
      ticketId: row!.ticketId!,
      author: actor,
      content: alertLine(alert, target, now),
      internal: true,
      scope: WRITE_SCOPE,
      now,
    });
    return { outcome: flood ? "flood" : "noted", ticketId: row!.ticketId };
  });
}

const claimKey = (clientId: string, subject: string, check: string) =>
  and(eq(alertTickets.clientId, clientId), eq(alertTickets.subject, subject), eq(alertTickets.check, check));

const finishedTickets = (tx: Tx) =>
  tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(inArray(tickets.status, [...FINISHED_STATUSES]));

/** A ticket resolved or closed by hand no longer holds its alerts: the next one opens a new ticket. */
async function dropFinishedClaim(tx: Tx, clientId: string, subject: string, check: string): Promise<void> {
  await tx
    .delete(alertTickets)
    .where(and(claimKey(clientId, subject, check), inArray(alertTickets.ticketId, finishedTickets(tx))));
}

/** The open claim of a key, locked; none when there is none or its ticket is finished. */
async function openClaim(tx: Tx, clientId: string, subject: string, check: string) {
  await dropFinishedClaim(tx, clientId, subject, check);
  const [row] = await tx
    .select()
    .from(alertTickets)
    .where(claimKey(clientId, subject, check))
    .for("update");
  return row;
}

async function ticketFor(tx: Tx, alert: GenericAlert, target: Target, flood: boolean, perMinute: number, now: Date) {
  const [company] = await tx
    .select({ name: clients.name, contactEmail: clients.contactEmail })
    .from(clients)
    .where(eq(clients.id, target.clientId));
  if (!company?.contactEmail) {
    throw new UnprocessableError("The alert's company has no contact address to name as the ticket's requester");
  }
  const common = {
    type: "INCIDENT" as const,
    requesterName: company.name,
    requesterEmail: company.contactEmail,
    clientId: target.clientId,
  };
  if (flood) {
    return {
      ...common,
      title: `Alert flood: more than ${perMinute} alerts a minute`,
      description:
        `More than ${perMinute} alerts arrived within a minute for ${company.name}. Until the flood passes, ` +
        `each further alert is listed on this ticket as a note instead of opening its own ticket.\n\n` +
        alertLine(alert, target, now),
      priority: "P2" as const,
    };
  }
  return {
    ...common,
    title: `${target.label}: ${alert.check}`.slice(0, 200),
    description: `${alertLine(alert, target, now)}\n\nLater alerts of this check are added as notes; a recovery resolves the ticket.`,
    priority: PRIORITY[alert.severity],
    deviceId: target.deviceId ?? undefined,
  };
}
