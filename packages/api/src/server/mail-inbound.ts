// POST /api/mail/inbound: the door for installs without a mailbox. A mail provider's inbound webhook
// posts the raw MIME message, either as the body (message/rfc822, text/plain, application/octet-stream)
// or as a form field: SendGrid's "email" (raw mode), Mailgun's "body-mime". The caller proves itself with
// the shared secret MAIL_INBOUND_SECRET, as `Authorization: Bearer <secret>` or as the password of Basic
// authentication (for providers that can only put credentials into the URL). Unset secret: no endpoint.
// A mail that cannot be parsed or stored is quarantined and answered 200 `{ quarantined: reason }`, so
// the provider does not retry it into duplicates; only a request that carries no mail at all is a 4xx.
import { timingSafeEqual } from "node:crypto";
import { bodyLimit } from "hono/body-limit";
import type { Hono, MiddlewareHandler } from "hono";
import {
  InvalidError,
  NotFoundError,
  TooLargeError,
  UnauthorizedError,
  UnavailableError,
  asDomainError,
} from "../errors.js";
import { MAIL_IN_LIMITS } from "../mail/inbound/ingest.js";
import { ingestOrQuarantine } from "../mail/inbound/quarantine.js";
import type { AppServices } from "../context.js";
import { errorResponse, type AppContext, type AppEnv } from "./http.js";

const FORM_FIELDS = ["email", "body-mime", "mime", "raw"];

/** The secret the caller sent, from a Bearer or a Basic Authorization header. */
function presentedSecret(authorization: string | undefined): string | null {
  const [scheme, value] = (authorization ?? "").split(" ", 2);
  if (!value) return null;
  if (scheme?.toLowerCase() === "bearer") return value.trim();
  if (scheme?.toLowerCase() === "basic") {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    return decoded.slice(decoded.indexOf(":") + 1);
  }
  return null;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

async function rawMessage(c: AppContext): Promise<Buffer> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data") || type.startsWith("application/x-www-form-urlencoded")) {
    // A form the parser cannot read carries no mail: the caller's fault, not ours.
    const form = await c.req.formData().catch(() => {
      throw new InvalidError("The form could not be read");
    });
    for (const name of FORM_FIELDS) {
      const value = form.get(name);
      if (typeof value === "string") return Buffer.from(value, "utf8");
      if (value) return Buffer.from(await value.arrayBuffer());
    }
    throw new InvalidError(`The form carries no raw message (expected one of the fields ${FORM_FIELDS.join(", ")})`);
  }
  return Buffer.from(await c.req.arrayBuffer());
}

/** Registers the route; call it before the /api/* middleware, whose body limit is too small for mail. */
export function mountMailInbound(app: Hono<AppEnv>, services: AppServices): void {
  const checkSecret: MiddlewareHandler<AppEnv> = async (c, next) => {
    // Refused before a byte of the body is read.
    const secret = services.config.MAIL_INBOUND_SECRET;
    if (!secret) throw new NotFoundError("Not found");
    const given = presentedSecret(c.req.header("authorization"));
    if (!given || !sameSecret(given, secret)) throw new UnauthorizedError("A valid inbound mail secret is required");
    await next();
  };
  const limit = bodyLimit({
    maxSize: MAIL_IN_LIMITS.maxBytes,
    onError: () => errorResponse(new TooLargeError("The mail is larger than 50 MB")),
  });
  app.post("/api/mail/inbound", checkSecret, limit, async (c) => {
    const raw = await rawMessage(c);
    // A MIME message starts with a header line ("Name: value"); anything else is not a mail.
    if (!/^[\x21-\x39\x3b-\x7e]+:/.test(raw.subarray(0, 200).toString("latin1"))) {
      throw new InvalidError("The body is not a MIME message");
    }
    // Only when not even the quarantine could be written (database or disk away) is the mail not kept:
    // a 503, which the provider retries later, never a 500.
    const result = await ingestOrQuarantine(services, raw, "webhook").catch((error: unknown) => {
      throw asDomainError(error) ?? new UnavailableError({ cause: error });
    });
    return c.json(result.outcome === "quarantined" ? { quarantined: result.reason } : result);
  });
}
