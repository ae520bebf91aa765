// GET /api/mail/inbound/{id}: the original of a mail that came in (docs/architecture.md, "Mail in"), for
// staff only: the whole message as it arrived, with its quoted history and every attachment. Served as a
// download (message/rfc822, never rendered by the browser).
import { eq, inboundMails, isUuid } from "@repo/db";
import { requireStaff, requireUser } from "../auth/access.js";
import { NotFoundError } from "../errors.js";
import { type AppContext, fileDownload } from "./http.js";

export async function mailOriginalHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  requireStaff(requireUser(ctx.user));
  const id = c.req.param("id") ?? "";
  const [mail] = isUuid(id)
    ? await ctx.db.select({ fileKey: inboundMails.fileKey }).from(inboundMails).where(eq(inboundMails.id, id))
    : [];
  const raw = mail ? await ctx.files.getStream(mail.fileKey) : null;
  if (!raw) throw NotFoundError.of("Mail");
  return fileDownload(raw, "message/rfc822", `mail-${id}.eml`);
}
