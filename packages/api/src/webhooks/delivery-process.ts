// Where this instance's webhook deliveries run (docs/architecture.md, docs/decisions/0060): on
// PostgreSQL, in a child process of the server (WEBHOOK_DELIVERIES=process, the default) at a lower CPU
// priority, so that signing and sending 2,000 deliveries a second does not take the event loop, nor the
// CPU, from the requests that caused them; on PGlite (one process holds the database) and with
// WEBHOOK_DELIVERIES=inline, in the server's own event loop.
//
// The child claims, sends and records exactly as the inline worker does (delivery-worker.ts): leases
// make a crash harmless (its claimed rows are claimed again once their lease runs out), so the parent
// only restarts a child that died, after a pause that grows while it keeps dying.
import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import type { AppServices } from "../context.js";
import { log as logger } from "../logger.js";
import { startDeliveryWorker } from "./delivery-worker.js";

/** The child's niceness: above the server's 0, so that the kernel gives requests the CPU first. */
export const DELIVERY_PROCESS_NICE = 10;
/** The pause before restarting a child that died: doubling from the first to the last while it keeps dying. */
const RESTART_MS = { first: 1_000, last: 60_000 };
/** A child that ran this long had been healthy: the next restart starts from the first pause again. */
const HEALTHY_MS = 60_000;
/** How long a child may take to finish its batch after SIGTERM before it is killed. */
const STOP_MS = 15_000;

export interface Deliveries {
  /** "process" or "inline": where the deliveries run. */
  where: "process" | "inline";
  /** The child's process id while one runs (tests, the bench). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

export interface DeliveryProcessOptions {
  /** The child's entry: dist/webhook-worker.js beside the built server, src/server/webhook-worker.ts in development. */
  entry: string;
  /** Node's arguments for the child (a TypeScript loader in development and tests). */
  execArgv?: string[];
  env?: NodeJS.ProcessEnv;
  log?: (message: string) => void;
}

/** Starts the deliveries where the configuration and the database say (see the file's head). */
export function startDeliveries(
  services: Pick<AppServices, "db" | "config" | "database">,
  options: DeliveryProcessOptions,
): Deliveries {
  if (services.config.WEBHOOK_DELIVERIES === "process" && services.database.kind === "postgres")
    return startDeliveryProcess(options);
  const worker = startDeliveryWorker(services);
  return { where: "inline", pid: () => undefined, stop: () => worker.stop() };
}

/** Runs the delivery worker in a child process, restarted if it dies, stopped with the server. */
export function startDeliveryProcess({
  entry,
  execArgv = process.execArgv,
  env = process.env,
  log = (m) => logger.error(m),
}: DeliveryProcessOptions): Deliveries {
  let child: ChildProcess | null = null;
  let stopping = false;
  let pause = RESTART_MS.first;
  let restart: NodeJS.Timeout | null = null;

  function spawnChild() {
    restart = null;
    const startedAt = Date.now();
    const current = fork(entry, [], { execArgv, env, stdio: "inherit" });
    child = current;
    current.once("spawn", () => {
      try {
        os.setPriority(current.pid!, DELIVERY_PROCESS_NICE);
      } catch (error) {
        log(`webhook deliveries: could not lower the child's priority (${(error as Error).message})`);
      }
    });
    current.once("exit", (code, signal) => {
      if (child === current) child = null;
      if (stopping) return;
      if (Date.now() - startedAt >= HEALTHY_MS) pause = RESTART_MS.first;
      log(`webhook deliveries: the child process exited (${signal ?? code}); restarting in ${pause / 1000} s`);
      restart = setTimeout(spawnChild, pause);
      restart.unref();
      pause = Math.min(pause * 2, RESTART_MS.last);
    });
  }
  spawnChild();

  return {
    where: "process",
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      if (restart) clearTimeout(restart);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise((done) => current.once("exit", done));
      current.kill("SIGTERM");
      const kill = setTimeout(() => current.kill("SIGKILL"), STOP_MS);
      await exited;
      clearTimeout(kill);
    },
  };
}
