// The types of the ticket write path, apart from its functions, so that the mail triggers and the
// assistant can name them without importing the service (and the service can import the triggers).
import type {
  Role,
  StaffTicketCreateInput,
  StaffTicketUpdateInput,
  TicketDeviceUpdateInput,
  TicketSource,
} from "@repo/validators";
import type { CommentRow, TicketRow } from "./serialize.js";

export type { TicketSource };

/** Who makes a change: a signed-in user (id, role) or a visitor of the public form (name only). */
export interface Actor {
  id?: string | null;
  name: string;
  role?: Role;
}

/**
 * A ticket to create, from any caller: the staff form's fields as its schema gives them (`status`: staff
 * may create in any status; everyone else gets NEW), with the attachments claimed apart.
 */
export type NewTicket = Omit<StaffTicketCreateInput, "assigneeId" | "tags" | "attachments"> & {
  /** null, undefined or "" (the form's "unassigned"): nobody. */
  assigneeId?: StaffTicketUpdateInput["assigneeId"];
  tags?: StaffTicketCreateInput["tags"];
  /** The device the ticket is about: one of the ticket's company's (tickets/ticket-device.ts). */
  deviceId?: TicketDeviceUpdateInput["deviceId"];
};

/** An edit of the ticket row; its device is set on its own (setTicketDevice). */
export type TicketPatch = Partial<Omit<NewTicket, "deviceId">>;

/** One ticket write, as the mail triggers see it: enough to write a mail about the change. */
export type TicketChange =
  | {
      kind: "ticket.created";
      ticket: TicketRow;
      source: TicketSource;
      actor: Actor;
      /**
       * What the requester is told: the usual receipt, that it is being reviewed (held), or nothing; and
       * "accepted": a held ticket let in, whose receipt goes out now (staff were told of it already).
       */
      acknowledge: "full" | "review" | "none" | "accepted";
    }
  | {
      kind: "ticket.updated";
      ticket: TicketRow;
      before: TicketRow;
      changes: FieldChanges;
      actor: Actor;
      /** false: the requester is told otherwise (an incident's one mail), so no status or rating mail. */
      requesterMail?: false;
    }
  | { kind: "ticket.deleted"; ticket: TicketRow; actor: Actor }
  | {
      kind: "comment.created";
      ticket: TicketRow;
      comment: CommentRow;
      /** The files attached to the comment (a public staff reply sends them with its mail). */
      files?: readonly AttachedFile[];
      reopened: boolean;
      actor: Actor;
      /** false: the requester is told otherwise (an incident's one mail per requester), not per ticket. */
      requesterMail?: false;
    };

/** A file attached to a write, as a mail needs it. */
export interface AttachedFile {
  id: string;
  filename: string;
  size: number;
}

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;
