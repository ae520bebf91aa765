// The assistant's conversations in the client portal, one row per message.
import { jsonb, pgTable } from "drizzle-orm/pg-core";
import { belongsTo, createdAt, id, refersTo, requiredText, timelineOf } from "./_columns.js";
import { chatRoleEnum } from "./enums.js";
import { clients } from "./clients.js";
import { users } from "./users.js";
import { tickets } from "./tickets.js";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: id(),
    clientId: belongsTo(clients.id),
    userId: refersTo(users.id),
    role: chatRoleEnum().notNull(),
    content: requiredText(),
    /** A ticket the assistant opened with this reply. */
    ticketId: refersTo(tickets.id),
    /** The assistant's conversation state on its reply (a ticket draft awaiting confirmation), parsed by the api. */
    meta: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  timelineOf("clientId"),
);
