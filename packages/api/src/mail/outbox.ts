// The outbox: a mail is a row written in the same transaction as the change that causes it, so a mail
// exists exactly when its change committed, and nothing is lost when the mail server is down. The worker
// (worker.ts) sends the rows later.
import { v7 as uuidv7 } from "uuid";
import { outbox, type DbExecutor } from "@repo/db";
import type { MailKind } from "@repo/validators";
import type { MailContent } from "./templates.js";
import { threadHeaders } from "./threading.js";

export type OutboxRow = typeof outbox.$inferSelect;

/** Writes one mail; pass the caller's transaction. `ticketId` threads it with the ticket's other mails. */
export async function enqueueMail(
  tx: DbExecutor,
  mail: MailContent & { ticketId?: string | null },
): Promise<OutboxRow> {
  const id = uuidv7();
  const ticketId = mail.ticketId ?? null;
  const [row] = await tx
    .insert(outbox)
    .values({
      id,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: {
        ...threadHeaders(id, ticketId, mail.replyTo),
        ...copied(mail.cc),
        ...autoSubmitted(mail.kind),
        ...oneClickUnsubscribe(mail.listUnsubscribe),
      },
      ticketId,
      attachmentIds: mail.attachmentIds ?? null,
      documents: mail.documents ?? null,
    })
    .returning();
  return row!;
}

/** RFC 8058: a mail client's "unsubscribe" button POSTs to this address, no page or sign-in needed. */
const oneClickUnsubscribe = (url: string | undefined): Record<string, string> =>
  url ? { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : {};

/** The Cc header the worker sends the row with (worker.ts), when the mail copies anyone. */
const copied = (cc: readonly string[] | undefined): Record<string, string> => (cc?.length ? { Cc: cc.join(", ") } : {});

/**
 * RFC 3834: a mail a machine sends on its own says so, so that auto-responders (out of office) do not
 * answer it and no loop starts. The acknowledgement of a requester's mail is an automatic reply; the
 * notifications are generated; a staff member's reply is a person's mail and carries nothing.
 */
function autoSubmitted(kind: MailKind): Record<string, string> {
  if (kind === "ticket.reply") return {};
  return { "Auto-Submitted": kind === "ticket.received" ? "auto-replied" : "auto-generated" };
}
