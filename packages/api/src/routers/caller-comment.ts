// A comment the signed-in caller writes through either portal (POST /api/tickets/{id}/comments and
// /api/client/tickets/{id}/comments): written as the caller, claiming the files the caller uploaded. What
// differs between the portals (internal notes, the company wall) the procedure adds.
import type { Role } from "@repo/validators";
import { uploadClaim } from "../files/uploads.js";
import type { Actor } from "../tickets/types.js";

export const callerComment = (
  author: Actor & { id: string; role: Role },
  input: { id: string; content: string; attachments?: readonly string[] },
) => ({
  ticketId: input.id,
  author,
  content: input.content,
  attachments: uploadClaim(input.attachments, author.id),
});
