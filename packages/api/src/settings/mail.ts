// The mail settings an admin stores (first run, docs/features.md §19): the SMTP server and the From
// address. The SMTP_URL variable, when set, wins over the stored server (an operator's word is final).
// Read by the mail worker before each round, cached briefly, so a change reaches every instance within
// MAIL_SETTINGS_CACHE_MS without a restart.
import { z } from "zod";
import type { Config } from "../config.js";
import type { DbExecutor } from "@repo/db";
import { storedSettings } from "./stored.js";

export interface StoredMailSettings {
  smtpUrl: string | null;
  fromAddress: string | null;
}

export const MAIL_SETTINGS_CACHE_MS = 15_000;

const stored = storedSettings<StoredMailSettings>(
  "mail",
  z.object({ smtpUrl: z.string().nullable(), fromAddress: z.string().nullable() }),
  { smtpUrl: null, fromAddress: null },
  { cacheMs: MAIL_SETTINGS_CACHE_MS },
);
export const readMailSettings = stored.read;
export const writeMailSettings = stored.write;

/** The SMTP server mails go out through: the SMTP_URL variable, else the stored one, else none. */
export async function smtpUrlOf(db: DbExecutor, config: Pick<Config, "SMTP_URL">): Promise<string | null> {
  return config.SMTP_URL ?? (await readMailSettings(db)).smtpUrl;
}
