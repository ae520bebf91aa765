// A raw MIME message turned into the few things the ingest decides on. mailparser does the MIME work
// (charsets, encoded words, multipart trees); this module only picks and normalises.
import { createHash } from "node:crypto";
import { type AddressObject, type ParsedMail, simpleParser } from "mailparser";

export interface InboundAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Shown inside the body (an inline image referred to by Content-ID). */
  inline: boolean;
  content: Buffer;
}

export interface InboundMessage {
  /** The Message-ID with its angle brackets, or `sha256:<digest of the raw message>` when it has none. */
  messageId: string;
  /** The sender; `address` is lower case, "" for the null sender. */
  from: { address: string; name: string | null };
  /** The envelope sender from Return-Path: "" for the null sender `<>`, null when the header is absent. */
  returnPath: string | null;
  /** Every address the mail was sent to (To, Cc, Delivered-To, X-Original-To), lower case. */
  recipients: string[];
  subject: string;
  /** The body as plain text (converted from HTML when the mail has no text part). */
  text: string;
  /** The ids of In-Reply-To and References, each with its angle brackets. */
  inReplyTo: string[];
  references: string[];
  /** A header's value as text, by lower-case name ("" when absent). */
  header(name: string): string;
  contentType: string;
  attachments: InboundAttachment[];
  raw: Buffer;
}

const addresses = (value: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(value) ? value : value ? [value] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.group ? entry.group : [entry]))
    .map((entry) => entry.address?.toLowerCase() ?? "")
    .filter(Boolean);

const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((id) => id.trim()).filter(Boolean);

/**
 * A header as its sender wrote it, unfolded (several of one name joined by ", "). mailparser's parsed
 * headers turn some into objects (List-*, Content-Type), which would hide what the loop guards look for.
 */
function rawHeader(parsed: ParsedMail, name: string): string {
  return parsed.headerLines
    .filter((h) => h.key === name)
    .map((h) =>
      h.line
        .slice(h.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    )
    .join(", ");
}

/** Return-Path as written (mailparser would turn `<>` into an empty address object). */
function returnPathOf(parsed: ParsedMail): string | null {
  if (!parsed.headerLines.some((h) => h.key === "return-path")) return null;
  return rawHeader(parsed, "return-path").replace(/^<|>$/g, "").trim().toLowerCase();
}

export async function parseMail(raw: Buffer): Promise<InboundMessage> {
  const parsed = await simpleParser(raw, { skipTextToHtml: true, skipImageLinks: true });
  const sender = parsed.from?.value[0];
  const deliveredTo = parsed.headerLines
    .filter((h) => h.key === "delivered-to" || h.key === "x-original-to")
    .map((h) =>
      h.line
        .slice(h.line.indexOf(":") + 1)
        .trim()
        .replace(/^<|>$/g, "")
        .toLowerCase(),
    );
  return {
    messageId: parsed.messageId?.trim() || `sha256:${createHash("sha256").update(raw).digest("hex")}`,
    from: { address: sender?.address?.toLowerCase() ?? "", name: sender?.name?.trim() || null },
    returnPath: returnPathOf(parsed),
    recipients: [...new Set([...addresses(parsed.to), ...addresses(parsed.cc), ...deliveredTo])],
    subject: parsed.subject?.trim() ?? "",
    text: (parsed.text ?? "").replace(/\r\n/g, "\n").trim(),
    inReplyTo: ids(parsed.inReplyTo),
    references: ids(parsed.references),
    header: (name) => rawHeader(parsed, name.toLowerCase()),
    contentType: rawHeader(parsed, "content-type").toLowerCase(),
    attachments: parsed.attachments.map((a) => ({
      filename: a.filename ?? "attachment",
      contentType: a.contentType,
      size: a.size,
      inline: a.contentDisposition === "inline" || Boolean(a.related),
      content: a.content,
    })),
    raw,
  };
}
