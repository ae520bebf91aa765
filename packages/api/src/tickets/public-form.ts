// What the public forms (contact, public ticket) share: a per-IP submission limit and the honeypot.
import type { z } from "zod";
import type { Database } from "@repo/db";
import { PUBLIC_LIMITS, hit, retryAfterSeconds } from "../auth/rate-limit.js";
import { InvalidError, TooManyRequestsError } from "../errors.js";

/**
 * Counts an accepted submission against the caller's IP; past the limit, a 429 with Retry-After.
 * Submissions refused by validation do not count, so a person fixing a typo is never locked out.
 */
export async function limitPublicForm(
  ctx: { db: Database; ip: string },
  form: keyof typeof PUBLIC_LIMITS,
): Promise<void> {
  const limit = PUBLIC_LIMITS[form];
  const state = await hit(ctx.db, `form:${form}:${ctx.ip}`, limit);
  if (state.count > limit.max) {
    const seconds = retryAfterSeconds(state);
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequestsError(
      `Too many submissions from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      seconds,
    );
  }
}

/** A filled-in honeypot: a bot. It is told "success" and nothing is stored. */
export const isBot = (input: { website?: string | undefined }) => !!input.website && input.website.trim() !== "";

/** Parses with `schema`; a failure is a 400 carrying the schema's own messages, like input validation. */
export function parseWith<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw InvalidError.fromZod(result.error);
  return result.data;
}
