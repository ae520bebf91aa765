// The part of a reply its writer typed: without the quoted thread below ("On ... wrote:", "> " lines,
// Outlook's "From: ... Sent: ..." header block) and without the signature. email-reply-parser (Crisp's
// port of GitHub's parser, with Outlook and many languages) does the recognising.
import EmailReplyParser from "email-reply-parser";

/** Outlook and Gmail's forwarded headers in English and French, which the parser may leave in place. */
const QUOTE_HEADER = /^(-{2,}\s*(original message|message d'origine)\s*-{2,}|_{10,})\s*$/im;

export function visibleReply(text: string): string {
  let reply = new EmailReplyParser().parseReply(text).trim();
  const quote = QUOTE_HEADER.exec(reply);
  if (quote) reply = reply.slice(0, quote.index).trim();
  // A mail that is all quote (a forward with no words of its own) keeps its whole text.
  return reply || text.trim();
}
