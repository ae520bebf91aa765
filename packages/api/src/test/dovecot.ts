// A real IMAP server for the mail-in tests: Debian's dovecot, run from a configuration of the test's
// own in a temporary folder (docs/architecture.md §11a; the settings are those found
// to work as root: a passwd file of users, maildirs owned by the dovecot user, a free loopback port).
import { execFileSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";

export const MAILBOX_USER = "support@northwind.test";
export const MAILBOX_PASSWORD = "imap-test-secret";

export interface Dovecot {
  port: number;
  /** imap://support%40northwind.test@127.0.0.1:<port>/INBOX */
  url: string;
  /** Puts a mail into INBOX, unseen (what delivery does). */
  deliver(raw: string | Buffer): Promise<void>;
  /** dovecot's log so far (a test's diagnosis when a login fails). */
  log(): string;
  /** How many mails each folder holds, by name. */
  count(mailbox: string): Promise<number>;
  stop(): void;
  start(): void;
  close(): void;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface DovecotOptions {
  /**
   * Also accept XOAUTH2 logins, each token checked at this RFC 7662 introspection endpoint (with the mail
   * server's client credentials in the URL) and its `email` claim taken as the user. Only XOAUTH2 is offered,
   * as by Microsoft 365, so imapflow uses it rather than OAUTHBEARER. The password still works for the
   * test's own deliver and count.
   */
  oauth2?: { introspectionUrl: string };
}

export async function startDovecot(options: DovecotOptions = {}): Promise<Dovecot> {
  const dir = mkdtempSync(join(tmpdir(), "nw-imap-"));
  chmodSync(dir, 0o755);
  const mail = join(dir, "mail");
  mkdirSync(mail);
  const dovecotUser = Number(execFileSync("id", ["-u", "dovecot"]).toString().trim());
  const dovecotGroup = Number(execFileSync("id", ["-g", "dovecot"]).toString().trim());
  chownSync(mail, dovecotUser, dovecotGroup);
  writeFileSync(join(dir, "users"), `${MAILBOX_USER}:{PLAIN}${MAILBOX_PASSWORD}\n`);
  const port = await freePort();
  const conf = join(dir, "dovecot.conf");
  const oauth2 = options.oauth2;
  if (oauth2) {
    // dovecot 2.3's oauth2 passdb (dovecot-oauth2.conf.ext); force_introspection for active_attribute.
    writeFileSync(
      join(dir, "oauth2.conf"),
      `introspection_mode = post
introspection_url = ${oauth2.introspectionUrl}
force_introspection = yes
username_attribute = email
active_attribute = active
active_value = true
timeout_msecs = 10000
`,
    );
  }
  writeFileSync(
    conf,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${oauth2 ? " xoauth2\nauth_failure_delay = 0" : ""}
mail_location = maildir:${mail}/%u
default_login_user = dovenull
default_internal_user = dovecot
default_internal_group = dovecot
first_valid_uid = 100
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users${oauth2 ? "\n  mechanisms = plain login" : ""}
}
${
  oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf
}
`
    : ""
}userdb {
  driver = static
  args = uid=dovecot gid=dovecot home=${mail}/%u
}
service imap-login {
  inet_listener imap {
    port = ${port}
  }
}
`,
  );
  // stdio ignored: the daemon keeps inherited pipes open, and execFileSync would wait for them for ever.
  const start = () => execFileSync("/usr/sbin/dovecot", ["-c", conf], { stdio: "ignore" });
  const stop = () => {
    try {
      const pid = Number(readFileSync(join(dir, "run", "master.pid"), "utf8"));
      process.kill(pid, "SIGTERM");
      // The master removes its pid file as it exits; wait for that so a restart finds the port free.
      for (let i = 0; i < 200; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        execFileSync("sleep", ["0.05"]);
      }
    } catch {
      // not running
    }
  };
  start();
  await waitForPort(port);

  const url = `imap://${encodeURIComponent(MAILBOX_USER)}@127.0.0.1:${port}/INBOX`;
  const withClient = async <T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user: MAILBOX_USER, pass: MAILBOX_PASSWORD },
      logger: false,
    });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.logout();
    }
  };
  return {
    port,
    url,
    deliver: (raw) => withClient(async (client) => void (await client.append("INBOX", raw, []))),
    count: (mailbox) =>
      withClient(async (client) => {
        const boxes = await client.list();
        if (!boxes.some((box) => box.path === mailbox)) return 0;
        const status = await client.status(mailbox, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    log: () => {
      try {
        return readFileSync(join(dir, "dovecot.log"), "utf8");
      } catch {
        return "";
      }
    },
    stop,
    start: () => {
      start();
    },
    close: () => {
      stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number): Promise<void> {
  const { connect } = await import("node:net");
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`dovecot did not listen on ${port}`);
}
