// POST /api/devices/checkin (docs/features.md §12): a check-in script's report, with its company's
// enrolment token as `Authorization: Bearer`. A plain route rather than a procedure: it is signed by a
// token that is not a session, and its body has its own, small limit. The order is the cheap refusals
// first: the declared size (before a byte is read), the token (401), the size as read (413), the body's
// shape (400), then the token's and the device's rates (429, one statement), so nothing is stored for a
// request refused.
import type { Hono } from "hono";
import { CHECKIN_MAX_BYTES, checkinPayloadSchema } from "@repo/validators";
import type { AppServices } from "../context.js";
import { countCheckin, recordCheckin } from "../devices/checkin.js";
import { enrolmentOf } from "../devices/enrolment-tokens.js";
import { TooLargeError } from "../errors.js";
import { type AppEnv, errorResponse, parseJson, readSmallBody } from "./http.js";

function bearer(authorization: string | undefined): string | null {
  const match = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
  return match?.[1] ?? null;
}

/**
 * 413. The rest of the body may still be on the connection, so close it rather than let the client send
 * its next request after bytes the server will never read.
 */
function tooLarge(): Response {
  const response = errorResponse(new TooLargeError(`A check-in is at most ${CHECKIN_MAX_BYTES / 1024} KB`));
  response.headers.set("Connection", "close");
  return response;
}

export function mountDeviceCheckin(app: Hono<AppEnv>, services: AppServices): void {
  app.post("/api/devices/checkin", async (c) => {
    const { db, bus } = services;
    // A declared length over the limit is refused before a byte is read; the reading counts the rest.
    if (Number(c.req.header("content-length") ?? 0) > CHECKIN_MAX_BYTES) return tooLarge();
    const { tokenId, clientId } = await enrolmentOf(db, bearer(c.req.header("authorization")));
    const body = await readSmallBody(c, CHECKIN_MAX_BYTES);
    if (body === null) return tooLarge();
    const payload = checkinPayloadSchema.parse(parseJson(body));
    await countCheckin(db, { tokenId, clientId, serial: payload.serial });
    const result = await recordCheckin({ db, bus }, clientId, payload);
    return c.json(result, result.created ? 201 : 200);
  });
}
