// A raw MIME message turned into the few things the ingest decides on. mailparser does the MIME work
// (charsets, encoded words, multipart trees); this module only picks and normalises. Mail is written by
// anyone: every text that leaves here is storable (no NUL, control character or lone surrogate, which
// PostgreSQL refuses or nobody reads), and a message mailparser cannot read becomes an UnreadableMail
// with a short reason, which the doors quarantine (quarantine.ts) instead of failing.
import { createHash } from "node:crypto";
import { MAX_LENGTHS } from "@repo/validators";
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
  /**
   * The Message-ID with its angle brackets; `sha256:<digest of the raw message>` when it has none, and
   * `sha256:<digest of the id>` when it is longer than a header line may be.
   */
  messageId: string;
  /** The sender; `address` is lower case, "" for the null sender. */
  from: { address: string; name: string | null };
  /** The envelope sender from Return-Path: "" for the null sender `<>`, null when the header is absent. */
  returnPath: string | null;
  /** Every address the mail was sent to (To, Cc, Delivered-To, X-Original-To), lower case. */
  recipients: string[];
  /** The people the mail was written to, To and Cc, lower case (a ticket's CC list keeps them). */
  copied: string[];
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
    .map((entry) => storableAddress(entry.address ?? ""))
    .filter(Boolean);

const ids = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value : value ? value.split(/\s+/) : []).map((id) => storable(id).trim()).filter(Boolean);

/**
 * A header as its sender wrote it, unfolded (several of one name joined by ", "). mailparser's parsed
 * headers turn some into objects (List-*, Content-Type), which would hide what the loop guards look for.
 */
function rawHeader(parsed: ParsedMail, name: string): string {
  const value = parsed.headerLines
    .filter((h) => h.key === name)
    .map((h) =>
      h.line
        .slice(h.line.indexOf(":") + 1)
        .replace(/\r?\n[ \t]+/g, " ")
        .trim(),
    )
    .join(", ");
  return storable(value);
}

/** Return-Path as written (mailparser would turn `<>` into an empty address object). */
function returnPathOf(parsed: ParsedMail): string | null {
  if (!parsed.headerLines.some((h) => h.key === "return-path")) return null;
  return rawHeader(parsed, "return-path").replace(/^<|>$/g, "").trim().toLowerCase();
}

export const PARSE_LIMITS = {
  /**
   * The largest header block of one MIME part. Real mail stays far below (a long Received chain with
   * DKIM and ARC signatures is some 20 KB); mailparser's own limit is 1 MB.
   */
  maxHeadBytes: 256 * 1024,
  /** The most MIME parts one mail may have (mailparser's default, named here). */
  maxParts: 1000,
  /**
   * The longest HTML converted to text. Conversion runs on the event loop and grows with the markup: a
   * 2 MB table took 11 s here. Beyond this the body says so, and the original has it all.
   */
  maxHtmlChars: 1024 * 1024,
};

export const HTML_TOO_LARGE_TEXT = "[The HTML of this mail is too large to show as text; the original mail has it.]";

/** A mail mailparser cannot read; `reason` is the short text staff see, `detail` the parser's words. */
export class UnreadableMail extends Error {
  constructor(
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = "UnreadableMail";
  }
}

const PARSER_REASONS: [RegExp, string][] = [
  [/child nodes/i, "too many MIME parts"],
  [/header size/i, "header too large"],
];

/** Lone surrogates (broken UTF-16 from a bogus charset) and control characters but tab and line ends. */
const UNSTORABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Text PostgreSQL stores and a reader can read: NUL and other controls dropped, lone surrogates as U+FFFD. */
export function storable(text: string): string {
  return text.replace(UNSTORABLE, (c) => (c.charCodeAt(0) >= 0xd800 ? "\ufffd" : ""));
}

/**
 * An address in lower case, at most RFC 5321's 254 characters: a longer one is no address, and the
 * indexes that find a sender's mails cannot hold a value of any length.
 */
function storableAddress(address: string): string {
  return storable(address.toLowerCase()).slice(0, MAX_LENGTHS.email);
}

export async function parseMail(raw: Buffer): Promise<InboundMessage> {
  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(raw, {
      skipTextToHtml: true,
      skipImageLinks: true,
      maxHeadSize: PARSE_LIMITS.maxHeadBytes,
      maxChildNodes: PARSE_LIMITS.maxParts,
      maxHtmlLengthToParse: PARSE_LIMITS.maxHtmlChars,
    });
  } catch (error) {
    const detail = storable(String((error as Error)?.message ?? error)).slice(0, 500);
    throw new UnreadableMail(PARSER_REASONS.find(([re]) => re.test(detail))?.[1] ?? "unreadable MIME", detail);
  }
  return normalised(parsed, raw);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/**
 * The Message-ID, or a digest of the raw message without one. An id longer than a header line may be
 * (998 characters) is taken as its digest: the unique index cannot hold a value of any length.
 */
function messageIdOf(parsed: ParsedMail, raw: Buffer): string {
  const id = storable(parsed.messageId ?? "").trim();
  if (!id) return `sha256:${sha256(raw)}`;
  return id.length > 998 ? `sha256:${sha256(id)}` : id;
}

function normalised(parsed: ParsedMail, raw: Buffer): InboundMessage {
  const sender = parsed.from?.value[0];
  const deliveredTo = parsed.headerLines
    .filter((h) => h.key === "delivered-to" || h.key === "x-original-to")
    .map((h) =>
      h.line
        .slice(h.line.indexOf(":") + 1)
        .trim()
        .replace(/^<|>$/g, "")
        .toLowerCase(),
    )
    .map(storableAddress);
  return {
    messageId: messageIdOf(parsed, raw),
    from: {
      address: storableAddress(sender?.address ?? ""),
      name: storable(sender?.name ?? "").trim() || null,
    },
    returnPath: returnPathOf(parsed),
    recipients: [...new Set([...addresses(parsed.to), ...addresses(parsed.cc), ...deliveredTo])],
    copied: [...new Set([...addresses(parsed.to), ...addresses(parsed.cc)])],
    subject: storable(parsed.subject ?? "").trim(),
    text:
      storable((parsed.text ?? "").replace(/\r\n/g, "\n")).trim() ||
      (parsed.textConversionError ? HTML_TOO_LARGE_TEXT : ""),
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
