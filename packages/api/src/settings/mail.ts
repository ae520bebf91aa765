// The mail settings an admin stores (first run, docs/features.md §19; changed later on /mail): the SMTP
// server and the From address. The SMTP_URL variable, when set, wins over the stored server (an operator's word is final).
// Read by the mail worker before each round, cached briefly, so a change reaches every instance within
// MAIL_SETTINGS_CACHE_MS without a restart.
import type { MailSettings, MailSettingsView } from "@repo/validators";
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

/** The parts of an SMTP address that name the account: a password goes with these, and only with these. */
const accountOf = (url: URL) => `${url.protocol}//${url.username}@${url.host}`;

/** `url` without its password: what an admin is shown of a stored SMTP address. */
function withoutPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = "";
  return parsed.toString();
}

export async function mailSettingsView(db: DbExecutor, config: Pick<Config, "SMTP_URL">): Promise<MailSettingsView> {
  const { smtpUrl, fromAddress } = await readMailSettings(db);
  return {
    smtpUrl: smtpUrl && withoutPassword(smtpUrl),
    smtpPasswordStored: smtpUrl !== null && new URL(smtpUrl).password !== "",
    fromAddress,
    smtpFromEnvironment: Boolean(config.SMTP_URL),
  };
}

/**
 * Stores an admin's change. An address given without a password, for the same account as the stored one,
 * keeps the stored password: the form shows the address without it, and saving the From address alone must
 * not lose it.
 */
export async function changeMailSettings(
  db: DbExecutor,
  config: Pick<Config, "SMTP_URL">,
  change: MailSettings,
  userId: string,
): Promise<MailSettingsView> {
  const { smtpUrl: stored } = await readMailSettings(db);
  let smtpUrl = change.smtpUrl;
  if (smtpUrl && stored) {
    const given = new URL(smtpUrl);
    const before = new URL(stored);
    if (given.password === "" && before.password !== "" && accountOf(given) === accountOf(before)) {
      given.password = before.password;
      smtpUrl = given.toString();
    }
  }
  await writeMailSettings(db, { smtpUrl, fromAddress: change.fromAddress }, userId);
  return mailSettingsView(db, config);
}
