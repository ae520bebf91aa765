// Mails as they arrive at the support address, raw MIME built by nodemailer's composer (or by hand where
// a charset or header must be exactly so), for the mail-in tests of both doors.
import MailComposer from "nodemailer/lib/mail-composer/index.js";
import type Mail from "nodemailer/lib/mailer/index.js";
import { dkimSigned } from "./dkim.js";

const SUPPORT = "support@northwind.test";

/**
 * The mail as its sender's server sends it: DKIM-signed by its From domain (test/dkim.ts), unless
 * `unsigned` (a forged From, or a domain that signs nothing).
 */
export async function compose(mail: Mail.Options, options: { unsigned?: boolean } = {}): Promise<Buffer> {
  const raw = await new MailComposer({ to: SUPPORT, date: new Date("2026-11-23T15:00:00Z"), ...mail })
    .compile()
    .build();
  return options.unsigned ? raw : dkimSigned(raw);
}

/** A first mail from a person, new Message-ID each time unless given. */
export function newMail(
  from: string,
  subject: string,
  text: string,
  extra: Mail.Options = {},
  options: { unsigned?: boolean } = {},
): Promise<Buffer> {
  return compose({ from, subject, text, ...extra }, options);
}

/** A reply to one of our mails (its Message-ID), quoting our mail below the answer as mail clients do. */
export function replyTo(
  from: string,
  ours: { messageId: string; subject: string; text: string },
  answer: string,
): Promise<Buffer> {
  const quoted = ours.text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  return compose({
    from,
    subject: `Re: ${ours.subject}`,
    inReplyTo: ours.messageId,
    references: [ours.messageId],
    text: `${answer}\n\n--\nDana Whitfield\nOffice manager, Acme Dental\n\nOn Mon, Nov 23, 2026 at 10:00 AM Northwind IT <${SUPPORT}> wrote:\n${quoted}\n`,
  });
}

export function autoReply(from: string, inReplyTo?: string): Promise<Buffer> {
  return compose({
    from,
    subject: "Automatic reply: Out of office",
    text: "I am out of the office until Monday.",
    inReplyTo,
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
  });
}

/** A delivery failure report from the receiving server, with the null sender. */
export async function bounce(): Promise<Buffer> {
  const report = await compose({
    from: "MAILER-DAEMON@mx.acme.test",
    subject: "Undelivered Mail Returned to Sender",
    text: "This is the mail system at host mx.acme.test. I'm sorry to have to inform you that your message could not be delivered.",
    attachments: [
      {
        contentType: "message/delivery-status",
        content:
          "Reporting-MTA: dns; mx.acme.test\n\nFinal-Recipient: rfc822; gone@acme.test\nAction: failed\nStatus: 5.1.1\n",
      },
    ],
  });
  const text = report
    .toString("latin1")
    .replace(/Content-Type: multipart\/mixed;/i, "Content-Type: multipart/report; report-type=delivery-status;");
  return Buffer.from(`Return-Path: <>\r\n${text}`, "latin1");
}

/** 1x1 PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

export function withImageAndPdf(from: string): Promise<Buffer> {
  return compose({
    from,
    subject: "Screen shows an error",
    text: "See the screenshot, and the report attached.",
    html: '<p>See the screenshot:</p><img src="cid:shot@acme"><p>and the report attached.</p>',
    attachments: [
      { filename: "screenshot.png", content: PNG, cid: "shot@acme", contentType: "image/png" },
      { filename: "report.pdf", content: PDF, contentType: "application/pdf" },
    ],
  });
}

export function withLargeAttachment(from: string, bytes: number): Promise<Buffer> {
  return compose({
    from,
    subject: "Backup log",
    text: "The log is attached.",
    attachments: [{ filename: "backup.log", content: Buffer.alloc(bytes, "log line\n"), contentType: "text/plain" }],
  });
}

/** A mail written in ISO-8859-1, subject and body, as older clients still send. */
export function latin1Mail(from: string): Buffer {
  return Buffer.from(
    [
      `From: ${from}`,
      `To: ${SUPPORT}`,
      "Subject: =?ISO-8859-1?Q?Probl=E8me_d'acc=E8s_au_caf=E9?=",
      `Message-ID: <latin1-${Date.now()}@acme.test>`,
      "Date: Mon, 23 Nov 2026 10:00:00 -0500",
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=ISO-8859-1",
      "Content-Transfer-Encoding: 8bit",
      "",
      "Le réseau du café ne répond plus depuis ce matin.",
      "",
    ].join("\r\n"),
    "latin1",
  );
}

// Hostile mail, as an attacker or a broken mailer sends it: each one must be taken or quarantined, never
// crash a door or stop the mails behind it.

let hostileCounter = 0;
/** A header block from a sender, new Message-ID each time; `lines` go after it, before the blank line. */
function head(from: string, subject: string, lines: string[] = []): string {
  hostileCounter += 1;
  return [
    `From: ${from}`,
    `To: ${SUPPORT}`,
    `Subject: ${subject}`,
    `Message-ID: <hostile-${Date.now()}-${hostileCounter}-${Math.random().toString(36).slice(2)}@acme.test>`,
    "Date: Mon, 23 Nov 2026 10:00:00 -0500",
    "MIME-Version: 1.0",
    ...lines,
  ].join("\r\n");
}

/** `depth` multipart/mixed parts, each inside the one before (mailparser refuses past its child limit). */
export function nestedMultipart(from: string, depth = 2000): Buffer {
  const open: string[] = [];
  const close: string[] = [];
  for (let i = 0; i < depth; i++) {
    open.push(`Content-Type: multipart/mixed; boundary="b${i}"\r\n\r\n--b${i}\r\n`);
    close.unshift(`\r\n--b${i}--\r\n`);
  }
  const body = `${open.join("")}Content-Type: text/plain\r\n\r\ndeep inside\r\n${close.join("")}`;
  return Buffer.from(`${head(from, "Nested parts")}\r\n${body}`, "latin1");
}

/** NUL bytes in the Subject, the From name and the body. */
export function nulMail(from: string): Buffer {
  return Buffer.from(
    `${head(`"Dana\u0000 W" <${from}>`, "Printer\u0000 offline", ["Content-Type: text/plain; charset=utf-8"])}\r\n\r\nThe printer\u0000 is offline since this morning.\r\n`,
    "latin1",
  );
}

/** A charset nobody knows, in the Subject's encoded word and the body. */
export function bogusCharsetMail(from: string): Buffer {
  return Buffer.from(
    `${head(from, "=?x-no-such-charset?Q?Caf=E9=00_Wi-Fi_down?=", ["Content-Type: text/plain; charset=x-no-such-charset", "Content-Transfer-Encoding: 8bit"])}\r\n\r\nLe r\u00e9seau du caf\u00e9 est en panne.\r\n`,
    "latin1",
  );
}

/** One header of `bytes` characters (a 2 MB header in the review). */
export function hugeHeaderMail(from: string, bytes = 2 * 1024 * 1024): Buffer {
  return Buffer.from(
    `${head(from, "Huge header", [`X-Filler: ${"a".repeat(bytes)}`, "Content-Type: text/plain"])}\r\n\r\nHello\r\n`,
    "latin1",
  );
}

/** `count` small attachments the file check refuses (an executable name), each leaving a note. */
export function refusedAttachments(from: string, count: number, text = "See the files."): Promise<Buffer> {
  return compose({
    from,
    subject: "Many files",
    text,
    attachments: Array.from({ length: count }, (_, i) => ({
      filename: `${"tool-".repeat(20)}${i}.exe`,
      content: Buffer.from("MZ\u0090\u0000 not really a program"),
      contentType: "application/octet-stream",
    })),
  });
}
