// The first run of a production install (docs/features.md §19). On an empty database (no account at all)
// the start writes a one-time setup token, keeps only its hash (app_settings "setup") and prints the link;
// /setup then asks for the provider's name, the first admin account and the mail settings. The link works
// once, for an hour, and never once any account exists: completing it checks all three in the
// transaction that creates the admin, with the token's row locked, so two tabs cannot both complete it.
import { randomBytes } from "node:crypto";
import { appSettings, type Database, eq, hashPassword, sql, users } from "@repo/db";
import { SETUP_LINK_MINUTES, type SetupInput } from "@repo/validators";
import { assertUsablePassword } from "../auth/password-rules.js";
import { hashSecret } from "../auth/session.js";
import { NotFoundError } from "../errors.js";
import { forgetPublished, readSiteContent } from "../site-content/published.js";
import { publishContent } from "../site-content/revisions.js";
import { writeMailSettings } from "../settings/mail.js";

const KEY = "setup";

interface SetupToken {
  tokenHash: string;
  expiresAt: string;
}

const LINK_REFUSED = "This setup link is not valid: it has expired or was already used";

const hasAccounts = async (db: Pick<Database, "select">) =>
  (await db.select({ one: sql`1` }).from(users).limit(1)).length > 0;

/**
 * A new setup token when the database has no account yet, else null. Each start makes a new one (the
 * link of the instance that started last is the one that works), so a lost link is one restart away.
 */
export async function openFirstRun(db: Database, now = new Date()): Promise<string | null> {
  if (await hasAccounts(db)) return null;
  const token = randomBytes(32).toString("base64url");
  const value: SetupToken = {
    tokenHash: hashSecret(token),
    expiresAt: new Date(now.getTime() + SETUP_LINK_MINUTES * 60_000).toISOString(),
  };
  await db
    .insert(appSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: now } });
  return token;
}

/** The start's line with the link. */
export const setupLinkLine = (origin: string, token: string) =>
  `First run: open ${origin}/setup#token=${token} within ${SETUP_LINK_MINUTES} minutes to create the first admin account.`;

async function validToken(db: Pick<Database, "select">, token: string, now: Date, lock: boolean): Promise<boolean> {
  const query = db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const [row] = lock ? await query.for("update") : await query;
  const stored = row?.value as SetupToken | undefined;
  return !!stored && stored.tokenHash === hashSecret(token) && new Date(stored.expiresAt) > now;
}

/** Whether the link still works: 404 with the reason when not. */
export async function checkSetupLink(db: Database, token: string, now = new Date()): Promise<void> {
  if (!(await validToken(db, token, now, false)) || (await hasAccounts(db))) throw new NotFoundError(LINK_REFUSED);
}

/** Creates the first admin and stores the provider's name and mail settings; the link is used up. */
export async function completeSetup(db: Database, input: SetupInput, now = new Date()): Promise<{ email: string }> {
  assertUsablePassword(input.admin.password, input.admin);
  const passwordHash = await hashPassword(input.admin.password);
  const done = await db.transaction(async (tx) => {
    if (!(await validToken(tx, input.token, now, true)) || (await hasAccounts(tx)))
      throw new NotFoundError(LINK_REFUSED);
    const [admin] = await tx
      .insert(users)
      .values({ name: input.admin.name, email: input.admin.email.toLowerCase(), role: "ADMIN", passwordHash })
      .returning({ id: users.id, email: users.email });
    const content = await readSiteContent(tx);
    await publishContent(tx, { ...content, identity: { ...content.identity, name: input.providerName } }, admin!.id);
    await writeMailSettings(tx, input.mail, admin!.id);
    await tx.delete(appSettings).where(eq(appSettings.key, KEY));
    return { email: admin!.email };
  });
  forgetPublished();
  return done;
}
