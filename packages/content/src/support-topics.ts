// Everyday help-desk requests a managed-IT client expects its provider to handle (password resets, new
// starters, leavers, a new phone for MFA, software). The knowledge base describes services for sale;
// these say what the help desk does about such a request, and come with a ticket draft ready to confirm.
import type { TicketPriority, TicketType } from "@repo/validators/labels";

export interface SupportTopic {
  id: string;
  /** Recognises the request in the person's words. */
  pattern: RegExp;
  /** What we do about it, in a few sentences (Markdown). */
  help: string;
  title: (name: string) => string;
  type: TicketType;
  priority: TicketPriority;
  /** Why that type and priority, shown with the draft. */
  reasons: { type: string; priority: string };
}

export const SUPPORT_TOPICS: SupportTopic[] = [
  {
    id: "password",
    pattern:
      /\b(reset|forgot|forgotten|change|lost|expired?)\b[^.?!]{0,30}\bpass(word|code)s?\b|\bpass(word|code)s?\b[^.?!]{0,20}\b(reset|expired|not working|doesn'?t work)\b|\blocked out\b|\baccount (is )?locked\b/i,
    help: "Our help desk can reset a Microsoft 365 or Google Workspace password and unlock the account once we have confirmed it is you (we call you back on the number we have on file). If self-service password reset is turned on for your company, the **Can't access your account?** link on the sign-in page works right away.",
    title: (name) => `Reset password and unlock account for ${name}`,
    type: "REQUEST",
    priority: "P2",
    reasons: { type: "a password reset is a request", priority: "you cannot sign in to work until it is done" },
  },
  {
    id: "new-starter",
    pattern:
      /\b(new (starter|hire|employee|staff member|team member|user|colleague|associate)|onboard(ing)? (a |an |the |our )?(new )?(person|user|employee|starter|hire|staff)|someone (is )?(starting|joining))\b/i,
    help: "We set up new starters end to end: the Microsoft 365 or Google Workspace account and licence, email and shared mailboxes, MFA, and a laptop enrolled and ready on day one. Tell us the person's name, start date and role in the ticket, ideally a week ahead.",
    title: () => "Set up accounts and a device for a new starter",
    type: "REQUEST",
    priority: "P3",
    reasons: { type: "setting up a person is a request", priority: "it is planned work with a start date" },
  },
  {
    id: "leaver",
    pattern: /\b(leaver|leaving|left the (company|practice|firm)|departed|departing|offboard(ing)?|last day)\b/i,
    help: "When someone leaves we block sign-in, keep or forward their mailbox, transfer their files, wipe company data from their devices and free the licence, on the day you choose.",
    title: () => "Offboard a departing staff member",
    type: "REQUEST",
    priority: "P3",
    reasons: { type: "removing access is a request", priority: "it is planned work with a date" },
  },
  {
    id: "mfa-phone",
    pattern:
      /\b(new|lost|replaced|broken) phone\b[^.?!]{0,40}\b(mfa|authenticator|2fa|two[- ]factor|codes?)\b|\b(mfa|authenticator|2fa|two[- ]factor)\b[^.?!]{0,40}\b(new|lost|replaced|broken) phone\b/i,
    help: "We can move your multi-factor sign-in to a new phone: we clear the old method and you register the authenticator app on the new phone in about 5-10 minutes.",
    title: () => "Move MFA to a new phone",
    type: "REQUEST",
    priority: "P2",
    reasons: { type: "re-registering MFA is a request", priority: "you may be unable to sign in until it is done" },
  },
  {
    id: "software",
    pattern:
      /\b(install|set up|setup|need|get)\b[^.?!]{0,25}\b(software|app|application|program|adobe|office|licen[cs]e)\b/i,
    help: "We install and license business software on managed devices, remotely and usually without interrupting the person. Say which software and for whom.",
    title: () => "Install software",
    type: "REQUEST",
    priority: "P3",
    reasons: { type: "new software is a request", priority: "the default for work that does not stop the business" },
  },
];

export const supportTopicOf = (message: string) => SUPPORT_TOPICS.find((t) => t.pattern.test(message));
