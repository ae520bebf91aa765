// The ticket service's writes, as the rules' actions call them. tickets/service.ts hands them over when
// it loads (provideTicketWrites), because the service calls the rules (through tickets/after-change.ts):
// importing the service here would close an import cycle (docs/architecture.md §1).
import type { DbExecutor } from "@repo/db";
import type { Scope } from "../auth/scope.js";
import type { EventBus } from "../events.js";
import type { CommentRow, TicketRow } from "../tickets/serialize.js";
import type { Actor, FieldChanges, TicketPatch } from "../tickets/types.js";
import type { Role } from "@repo/validators";

interface Writer {
  db: DbExecutor;
  bus: EventBus;
}

export interface TicketWrites {
  updateTicket(
    writer: Writer,
    args: {
      id: string;
      patch: TicketPatch | ((before: TicketRow) => TicketPatch);
      actor: Actor;
      scope: Scope;
      now?: Date;
    },
  ): Promise<{ ticket: TicketRow; changes: FieldChanges }>;
  addComment(
    writer: Writer,
    args: {
      ticketId: string;
      author: Actor & { role: Role };
      content: string;
      internal: boolean;
      scope: Scope;
      now?: Date;
    },
  ): Promise<{ comment: CommentRow; ticket: TicketRow }>;
}

let writes: TicketWrites | null = null;

export function provideTicketWrites(given: TicketWrites): void {
  writes = given;
}

export function ticketWrites(): TicketWrites {
  if (!writes) throw new Error("tickets/service.ts has not provided the ticket writes");
  return writes;
}
