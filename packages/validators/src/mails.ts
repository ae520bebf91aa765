// The mail logs: what the outbox sent and what reached the support address (docs/architecture.md, "Mail in").
import { z } from "zod";

/** Rows of a mail log one call answers: 50 unless asked, at most 200 (a log is read a screen at a time). */
export const MAIL_LIST_LIMITS = { default: 50, max: 200 } as const;

/** A mail log's `limit` parameter. */
export const mailListLimit = () =>
  z.coerce.number().int().min(1).max(MAIL_LIST_LIMITS.max).default(MAIL_LIST_LIMITS.default);
