// What the assistant refuses before looking anything up, and what it hands to a person. Both engines'
// data access is already limited to the caller's company (company-data.ts); these rules make the embedded
// engine SAY so, instead of answering a question about another company with the caller's own figures.
import { asText } from "./format.js";

/** Attempts to change the assistant's rules: "ignore previous instructions", "developer mode", ... */
const OVERRIDE =
  /\b(ignore|disregard|forget|bypass|override)\b[^.?!]{0,30}\b(instructions?|rules?|prompt|restrictions?|guidelines?|polic(y|ies))\b|\b(system|hidden|initial) prompt\b|\bdeveloper mode\b|\bjailbreak\b|\bno restrictions\b|\bpretend (you are|to be)\b|\bact as (an? )?(admin|administrator|root|staff)\b/i;

/** Asking for data beyond the caller's company: other clients, every company, "switch to company X". */
const OTHER_COMPANIES =
  /\b(other|another|all|every|each)\s+(compan(y|ies)|clients?|customers?|businesses|tenants?|organi[sz]ations?)('s)?\b|\bcompany'?s? tickets\b.*\b(every|all)\b|\bswitch to (company|client|tenant)\b|\bi'?m (the|an) (admin|administrator|staff)\b/i;

export const isRuleOverride = (message: string) => OVERRIDE.test(message);

/** The names of other companies the message mentions (their full name, or its first word of 4+ letters). */
export function otherCompaniesNamed(message: string, companyNames: string[], ownName: string): string[] {
  const text = message.toLowerCase();
  return companyNames.filter((name) => {
    if (name === ownName) return false;
    const lower = name.toLowerCase();
    const first = lower.split(/\s+/)[0]!;
    return text.includes(lower) || (first.length >= 4 && new RegExp(`\\b${escapeRegExp(first)}('s)?\\b`).test(text));
  });
}

export const asksAboutOtherCompanies = (message: string) => OTHER_COMPANIES.test(message);

export function refusal(companyName: string): string {
  return `I can only see and act on **${asText(companyName)}**'s own tickets and devices, and I can't change that or show another company's data. Ask me about your tickets, your devices or our services.`;
}

/** "talk to a person", "speak to a human", "get me a real technician", "is there an actual person". */
const PERSON =
  /\b(talk|speak|chat|connect|get|put)\b[^.?!]{0,30}\b(person|human|someone|somebody|people|agent|technician|tech|staff|team member|representative|rep|operator)\b|\b(real|actual|live) (person|human|technician|agent|people)\b|\bhuman (please|support|help)\b|\bsomeone from your team\b/i;
const NOT_PERSON = /\b(don'?t|do not|no need to|never)\b[^.?!]{0,15}\b(talk|speak|person|human)\b/i;

export const wantsPerson = (message: string) => PERSON.test(message) && !NOT_PERSON.test(message);

/** "add a comment to the printer ticket: ...", "tell the team on #1a2b3c4d that ...", "post an update". */
const COMMENT =
  /\b(add|post|leave|put|write|send)\b[^.?!:]{0,20}\b(comment|note|update|reply|message)\b|\btell (the team|them|the technician|support|you)\b[^.?!:]{0,40}\b(on|about|in)\b[^.?!:]{0,40}(\bticket\b|#[0-9a-f]{8})/i;

export const isCommentRequest = (message: string) => COMMENT.test(message);

/**
 * The comment's text: after a colon, or after "saying"/"that"/"to say". Empty when none is given.
 */
export function commentText(message: string): string {
  const colon = message.indexOf(":");
  if (colon >= 0) return message.slice(colon + 1).trim();
  const said = /\b(?:saying|to say|that says|that)\b\s+(.+)$/i.exec(message);
  return said ? said[1]!.trim() : "";
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
