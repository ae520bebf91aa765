// A real transaction pooler for the tests: Debian's pgbouncer in transaction mode in front of the
// machine's PostgreSQL, from a configuration of the test's own in a temporary folder (docs/architecture.md
// §4, "Behind a connection pooler"). It refuses to run as root, so as root it drops to `nobody`.
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./dovecot.js";

export interface PgBouncer {
  /** The same database as `directUrl`, through the pooler. */
  url: string;
  port: number;
  close(): Promise<void>;
}

async function listening(port: number, child: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => resolve(socket.end() && true)).once("error", () =>
        resolve(false),
      );
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pgbouncer did not listen: ${log()}`);
}

/** Starts pgbouncer in transaction mode in front of the server of `directUrl`, for its database. */
export async function startPgBouncer(directUrl: string): Promise<PgBouncer> {
  const target = new URL(directUrl);
  const user = decodeURIComponent(target.username || "postgres");
  const dir = mkdtempSync(join(tmpdir(), "nw-pgbouncer-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  // trust: PostgreSQL here trusts local connections, and the user must still be listed in the auth file.
  writeFileSync(join(dir, "users.txt"), `"${user}" ""\n`);
  writeFileSync(
    join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(dir, "users.txt")}`,
      "pool_mode = transaction",
      // Fewer server connections than clients, so transactions of one client do land on different ones.
      "default_pool_size = 3",
      "max_client_conn = 100",
      `admin_users = ${user}`,
      "",
    ].join("\n"),
  );
  let output = "";
  const asRoot = process.getuid?.() === 0;
  const child = spawn("/usr/sbin/pgbouncer", [...(asRoot ? ["-u", "nobody"] : []), join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  await listening(port, child, () => output);
  const url = new URL(directUrl);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    port,
    async close() {
      if (child.exitCode === null) {
        child.kill("SIGINT");
        await new Promise((resolve) => child.once("exit", resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
