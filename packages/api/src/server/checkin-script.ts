// GET /api/clients/{id}/checkin-script?platform=linux|macos|windows (docs/features.md §12): the check-in
// script (bash, or PowerShell for windows) with the server's URL (PUBLIC_URL, else the address asked)
// and an enrolment token filled in. ADMIN only. The token is shown once at creation and kept hashed, so the caller hands it back in
// `X-Enrolment-Token` (a header, not the query, so no access log keeps it); a live token of this
// company is required. A file, not JSON: a plain route.
import { z } from "zod";
import { requireAdmin, requireUser } from "../auth/access.js";
import { publicOrigin } from "../config.js";
import { CHECKIN_SCRIPTS } from "../devices/checkin-script.js";
import { isLiveTokenOf } from "../devices/enrolment-tokens.js";
import { InvalidError } from "../errors.js";
import type { AppContext } from "./http.js";

const querySchema = z.object({
  platform: z.enum(["linux", "macos", "windows"], { message: "platform must be linux, macos or windows" }),
});

export async function checkinScriptHandler(c: AppContext): Promise<Response> {
  const ctx = await c.var.context();
  requireAdmin(requireUser(ctx.user));
  const script = CHECKIN_SCRIPTS[querySchema.parse(c.req.query()).platform];
  const clientId = c.req.param("id") ?? "";
  const token = c.req.header("x-enrolment-token") ?? "";
  if (!z.uuid().safeParse(clientId).success || !(await isLiveTokenOf(ctx.db, clientId, token)))
    throw new InvalidError("X-Enrolment-Token must be a live enrolment token of this company");
  const url = publicOrigin(ctx.config, c.req.url);
  return new Response(script.fill(url, token), {
    headers: {
      "Content-Type": `${script.contentType}; charset=utf-8`,
      "Content-Disposition": `attachment; filename="${script.filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
