// The mails billing sends on its own (docs/features.md §11): payment reminders N days after an invoice's
// due date while it is owed (the billing settings' reminder days), and one alert per prepaid block when
// its hours left fall below the settings' threshold, to the provider's admins and the company's people.
// Each is keyed (invoice and N; the block's alerted_at), written with its outbox mail in one transaction,
// so it goes out once however many instances run the check.
import { isoDay } from "@repo/content";
import {
  agreements,
  and,
  asc,
  clients,
  eq,
  inArray,
  invoiceReminders,
  invoices,
  isNull,
  prepaidBlocks,
  sql,
  users,
  type Database,
  type DbExecutor,
} from "@repo/db";
import { runPeriodically } from "../lib/periodic.js";
import { enqueueMail } from "../mail/outbox.js";
import { blockLowMail, paymentReminderMail } from "../mail/templates.js";
import { readIdentity } from "../site-content/published.js";
import { usedMinutes } from "./blocks.js";
import { addDays } from "./dates.js";
import { balanceOf, creditedCents } from "./invoices.js";
import { readBillingSettings } from "./settings.js";

export const PAYMENT_REMINDER_INTERVAL_MS = 15 * 60_000;

/**
 * Sends the payment reminders due on `today`: for each approved invoice still owed with a billing e-mail,
 * the latest reminder day it has reached (a server that was down sends one, not every one it missed, and
 * records the earlier days as done). Answers the reminders sent.
 */
export async function sendPaymentReminders(
  db: Database,
  today = isoDay(),
): Promise<{ invoiceId: string; daysAfterDue: number }[]> {
  const { reminderDays } = await readBillingSettings(db);
  if (reminderDays.length === 0) return [];
  const first = Math.min(...reminderDays);
  const owed = await db
    .select({ invoice: invoices, credited: creditedCents })
    .from(invoices)
    .where(
      and(
        eq(invoices.kind, "invoice"),
        eq(invoices.status, "approved"),
        sql`${invoices.dueDate} <= ${addDays(today, -first)}`,
        sql`${invoices.billTo}->>'email' is not null`,
        sql`${invoices.totalCents} > ${invoices.paidCents}`,
      ),
    )
    .orderBy(asc(invoices.dueDate));
  const sent: { invoiceId: string; daysAfterDue: number }[] = [];
  for (const { invoice, credited } of owed) {
    const balance = balanceOf(invoice, credited);
    if (balance === 0) continue;
    const reached = reminderDays.filter((n) => addDays(invoice.dueDate, n) <= today).sort((a, b) => a - b);
    const latest = reached.at(-1);
    if (latest === undefined) continue;
    await db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(invoiceReminders)
        .values({ invoiceId: invoice.id, daysAfterDue: latest })
        .onConflictDoNothing()
        .returning({ invoiceId: invoiceReminders.invoiceId });
      if (!taken) return;
      const earlier = reached.slice(0, -1);
      if (earlier.length > 0)
        await tx
          .insert(invoiceReminders)
          .values(earlier.map((daysAfterDue) => ({ invoiceId: invoice.id, daysAfterDue })))
          .onConflictDoNothing();
      await enqueueMail(
        tx,
        paymentReminderMail(await readIdentity(tx), {
          number: invoice.number!,
          to: invoice.billTo.email!,
          clientName: invoice.billTo.name,
          balanceCents: balance,
          dueDate: invoice.dueDate,
          daysLate: latest,
          documents: invoice.sentAt
            ? [
                {
                  fileKey: `invoices/${invoice.id}.pdf`,
                  filename: `${invoice.number}.pdf`,
                  contentType: "application/pdf",
                },
              ]
            : [],
        }),
      );
      sent.push({ invoiceId: invoice.id, daysAfterDue: latest });
    });
  }
  return sent;
}

export function startPaymentReminders(db: Database, intervalMs = PAYMENT_REMINDER_INTERVAL_MS): () => Promise<void> {
  return runPeriodically("payment reminders", intervalMs, () => sendPaymentReminders(db));
}

/**
 * Alerts once per block whose hours left fell below the threshold: the provider's active admins and the
 * company's active client users each get one mail. Called in the transaction that wrote the burns (a
 * run's company), so the alert stands or falls with them. Answers the blocks alerted.
 */
export async function alertLowBlocks(
  tx: DbExecutor,
  clientId: string,
  blockThresholdPercent: number,
): Promise<string[]> {
  const blocks = await tx
    .select({ block: prepaidBlocks })
    .from(prepaidBlocks)
    .innerJoin(agreements, eq(agreements.id, prepaidBlocks.agreementId))
    .where(and(eq(agreements.clientId, clientId), isNull(prepaidBlocks.alertedAt)));
  if (blocks.length === 0) return [];
  const used = await usedMinutes(
    tx,
    blocks.map((b) => b.block.id),
  );
  const low = blocks
    .map((b) => b.block)
    .filter((b) => (b.minutes - Math.min(b.minutes, used.get(b.id) ?? 0)) * 100 < blockThresholdPercent * b.minutes);
  if (low.length === 0) return [];
  const alerted = await tx
    .update(prepaidBlocks)
    .set({ alertedAt: new Date() })
    .where(
      and(
        inArray(
          prepaidBlocks.id,
          low.map((b) => b.id),
        ),
        isNull(prepaidBlocks.alertedAt),
      ),
    )
    .returning();
  if (alerted.length === 0) return [];
  const recipients = await tx
    .select({ email: users.email, role: users.role, clientId: users.clientId })
    .from(users)
    .where(
      and(
        eq(users.active, true),
        sql`(${users.role} = 'ADMIN' or (${users.role} = 'CLIENT' and ${users.clientId} = ${clientId}))`,
      ),
    );
  const [company] = await tx.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  for (const block of alerted) {
    const left = block.minutes - Math.min(block.minutes, used.get(block.id) ?? 0);
    for (const person of recipients)
      await enqueueMail(
        tx,
        blockLowMail(await readIdentity(tx), {
          to: person.email,
          forClient: person.role === "CLIENT",
          clientName: company?.name ?? "",
          minutes: block.minutes,
          leftMinutes: left,
          expiresOn: block.expiresOn,
        }),
      );
  }
  return alerted.map((b) => b.id);
}
