// The IMAP door: every so often, connect to the support mailbox, ingest each mail in it and move it to
// a folder of done mails (flag it seen where the move fails). A fresh connection per round keeps the
// poller simple and makes an outage harmless: a round that cannot connect fails, the mails wait in the
// mailbox, and the next round takes them. Several server instances may poll one mailbox; ingest.ts
// writes each mail once whichever instance reads it first, and the other only moves it. A mail that
// cannot be parsed or stored is quarantined (quarantine.ts) and moved to the quarantine folder (flagged
// seen where the move fails), so it is read once and never stops the mails behind it.
import { ImapFlow, type ImapFlowOptions } from "imapflow";
import { runPeriodically } from "../../lib/periodic.js";
import { log } from "../../logger.js";
import { MAIL_IN_LIMITS, type MailInServices } from "./ingest.js";
import type { AccessTokenSource } from "./oauth-token.js";
import { ingestOrQuarantine, type MailInResult, noteImapFolder } from "./quarantine.js";
import { recordImapFailure, recordImapSuccess } from "./status.js";

export interface ImapSettings {
  /** imap://user@host:143/INBOX or imaps://user@host:993/INBOX (the path names the mailbox; INBOX by default). */
  url: string;
  password?: string;
  /** An OAuth2 access token (XOAUTH2: Microsoft 365, Google) instead of a password. */
  accessToken?: string;
  /** Fetches and refreshes the OAuth2 access token itself (oauth-token.ts), instead of a fixed one. */
  oauth?: AccessTokenSource;
  /** Where ingested mails go; created when missing. */
  doneMailbox: string;
  /** Where quarantined mails go; created when first needed. "Quarantine" by default. */
  quarantineMailbox?: string;
}

export const DEFAULT_QUARANTINE_MAILBOX = "Quarantine";

export interface ImapRound {
  ingested: MailInResult[];
}

/** ImapFlow's options from the URL: the user and password may stand in it, percent-encoded. */
export function imapOptions(settings: ImapSettings): { options: ImapFlowOptions; mailbox: string } {
  const url = new URL(settings.url);
  const secure = url.protocol === "imaps:";
  const user = decodeURIComponent(url.username);
  const pass = settings.password ?? (url.password ? decodeURIComponent(url.password) : undefined);
  return {
    options: {
      host: url.hostname,
      port: Number(url.port) || (secure ? 993 : 143),
      secure,
      auth: settings.accessToken ? { user, accessToken: settings.accessToken } : { user, pass },
      logger: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 60_000,
    },
    mailbox: decodeURIComponent(url.pathname.replace(/^\//, "")) || "INBOX",
  };
}

/** One round: ingests every mail waiting in the mailbox, then moves it out of the way. */
export async function pollMailbox(services: MailInServices, settings: ImapSettings): Promise<ImapRound> {
  const { client, mailbox } = await connect(settings);
  const ingested: MailInResult[] = [];
  try {
    await ensureMailbox(client, settings.doneMailbox);
    const lock = await client.getMailboxLock(mailbox);
    try {
      // Unseen only: a mail whose move failed is flagged seen instead, and must not be read again.
      const uids = (await client.search({ seen: false }, { uid: true })) || [];
      for (const uid of uids) {
        const raw = await download(client, uid);
        if (raw === null) continue; // moved away by another instance meanwhile
        // A mail too large to take stays in the done folder, where staff can still read it.
        const tooLarge = raw.length > MAIL_IN_LIMITS.maxBytes;
        const result: MailInResult = tooLarge
          ? { outcome: "ignored", reason: "too large" }
          : await ingestOrQuarantine(services, raw, "imap");
        ingested.push(result);
        if (result.outcome === "quarantined") {
          const folder = settings.quarantineMailbox ?? DEFAULT_QUARANTINE_MAILBOX;
          await ensureMailbox(client, folder).catch(() => undefined);
          if (await markDone(client, uid, folder)) await noteImapFolder(services, result.quarantineId, folder);
        } else {
          await markDone(client, uid, settings.doneMailbox);
        }
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  return { ingested };
}

async function connect(settings: ImapSettings): Promise<{ client: ImapFlow; mailbox: string }> {
  const { oauth } = settings;
  if (!oauth) return open(settings);
  try {
    return await open({ ...settings, accessToken: await oauth.get() });
  } catch (error) {
    // A token the server refuses may have been revoked before its expiry: one fresh token, one more try.
    if (!(error as { authenticationFailed?: boolean }).authenticationFailed) throw error;
    return open({ ...settings, accessToken: await oauth.get({ fresh: true }) });
  }
}

async function open(settings: ImapSettings): Promise<{ client: ImapFlow; mailbox: string }> {
  const { options, mailbox } = imapOptions(settings);
  const client = new ImapFlow(options);
  // An error after connect (the server going away) would otherwise be an unhandled 'error' event.
  client.on("error", () => undefined);
  try {
    await client.connect();
  } catch (error) {
    client.close();
    throw error;
  }
  return { client, mailbox };
}

async function ensureMailbox(client: ImapFlow, path: string): Promise<void> {
  const existing = await client.list();
  if (!existing.some((box) => box.path === path)) await client.mailboxCreate(path);
}

async function download(client: ImapFlow, uid: number): Promise<Buffer | null> {
  const message = await client.download(String(uid), undefined, { uid: true });
  if (!message || !("content" in message) || !message.content) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of message.content) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Moves the mail to `doneMailbox`, or flags it seen where that fails; says whether it moved. */
async function markDone(client: ImapFlow, uid: number, doneMailbox: string): Promise<boolean> {
  const moved = await client.messageMove(String(uid), doneMailbox, { uid: true }).catch(() => false);
  if (!moved) await client.messageFlagsAdd(String(uid), ["\\Seen"], { uid: true }).catch(() => false);
  return Boolean(moved);
}

/**
 * One round as the poller runs it: the mailbox polled and the outcome written to the shared status row
 * (status.ts), a failure logged there in one line. Answers when the next round is due; throws nothing.
 */
export async function pollAndRecord(
  services: MailInServices,
  settings: ImapSettings,
  intervalMs: number,
): Promise<{ ok: boolean; nextAttemptAt: Date }> {
  let round: ImapRound;
  try {
    round = await pollMailbox(services, settings);
  } catch (error) {
    const { nextAttemptAt } = await recordImapFailure(services.db, error, intervalMs);
    return { ok: false, nextAttemptAt };
  }
  await recordImapSuccess(services.db, round.ingested.length, intervalMs);
  return { ok: true, nextAttemptAt: new Date(Date.now() + intervalMs) };
}

class ImapRoundFailed extends Error {}

/**
 * Polls every `intervalMs` until the returned stop function is called; after failures it lets ticks pass
 * until the backoff's next attempt (status.ts), so a wrong password is tried every 15 minutes at most.
 */
export function startImapPoller(
  services: MailInServices,
  settings: ImapSettings,
  intervalMs: number,
): () => Promise<void> {
  let nextAttemptAt = 0;
  return runPeriodically(
    "mail in (IMAP)",
    intervalMs,
    async () => {
      const outcome = await pollAndRecord(services, settings, intervalMs);
      nextAttemptAt = outcome.nextAttemptAt.getTime();
      // Not a success for /metrics' lag; already logged in one line.
      if (!outcome.ok) throw new ImapRoundFailed();
    },
    {
      // Half an interval of slack: a tick that fires a little early still takes its turn.
      skip: () => Date.now() + intervalMs / 2 < nextAttemptAt,
      logFailure: (error) => {
        if (!(error instanceof ImapRoundFailed))
          log.error({ err: error, task: "mail in (IMAP)" }, "mail in (IMAP) failed");
      },
    },
  );
}
