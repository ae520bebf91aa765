// "Talk to a person", for both engines: a ticket whose description is the conversation, so whoever picks
// it up has read it. Like every ticket from the chat it waits for the person's yes (chat.ts), which then
// promises a reply time from the new ticket's SLA clock.
import { PROMISES } from "@repo/content";
import { inferPriority, isConfirmation, titleFrom } from "./drafts.js";
import { wantsPerson } from "./guards.js";
import type { AssistantReply, AssistantRequest, TicketDraft } from "./types.js";

/** How much of the conversation a hand-off carries. */
const HANDOFF_MESSAGES = 20;

export function handoffDraft(
  req: Pick<AssistantRequest, "history" | "message" | "user">,
  summary?: string,
): TicketDraft {
  const said = [...req.history.filter((m) => m.role === "user").map((m) => m.content), req.message];
  const topic = summary ?? [...said].reverse().find((m) => !wantsPerson(m) && !isConfirmation(m) && m.length >= 10);
  const transcript = [...req.history, { role: "user" as const, content: req.message }]
    .slice(-HANDOFF_MESSAGES)
    .map((m) => `${m.role === "user" ? req.user.name : "Assistant"}: ${m.content}`)
    .join("\n\n");
  return {
    title: topic ? `Call back about: ${titleFrom(topic)}`.slice(0, 120) : `${req.user.name} asked to talk to a person`,
    description:
      `${req.user.name} asked to talk to a person from the assistant chat. The conversation:\n\n${transcript}`.slice(
        0,
        9_000,
      ),
    type: "REQUEST",
    // What they said decides, as for any draft: a stopped business is a P1 even when they ask for a person.
    priority: inferPriority(said.join("\n")).value,
  };
}

export const URGENT_HANDOFF_QUESTION = `This is critical, so I'll pass this conversation to our support team as a **P1** ticket, answered within **${PROMISES.criticalResponse}**, around the clock, so you don't have to repeat anything.\n\nShall I send it? Reply "yes" to confirm or "no" to cancel.`;

export const HANDOFF_QUESTION = `I'll pass this conversation to our support team as a ticket, so you don't have to repeat anything. We reply within **${PROMISES.replyWithin}** (${PROMISES.replyDays}); if your business is stopped, say so and it becomes a P1, answered within **${PROMISES.criticalResponse}**.\n\nShall I send it? Reply "yes" to confirm or "no" to cancel.`;

export function handoffAnswer(req: AssistantRequest): Omit<AssistantReply, "engine"> {
  const draft = handoffDraft(req);
  return { content: `Of course. ${handoffQuestion(draft)}`, draft, handoff: true };
}

/** What a hand-off asks before it is sent: a P1 says it is answered within the critical response time. */
export const handoffQuestion = (draft: Pick<TicketDraft, "priority">) =>
  draft.priority === "P1" ? URGENT_HANDOFF_QUESTION : HANDOFF_QUESTION;
