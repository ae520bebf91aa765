// Starts the real server on a loopback port over a fresh test database (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set), so tests speak HTTP and WebSocket exactly as clients do.
import { once } from "node:events";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve } from "@hono/node-server";
import { createDatabase, desc, eq, outbox, seedDemo, sessions, type DatabaseHandle } from "@repo/db";
import { seedCatalogue } from "../billing/catalogue.js";
import { createTestDatabase } from "@repo/db/testing";
import { createAssistant } from "../assistant/index.js";
import { sessionIdFromToken } from "../auth/session.js";
import { REAUTH_WINDOW_MS } from "../auth/sudo.js";
import { testConfig, type Config } from "../config.js";
import { type FileStore, localFileStore } from "../files/store.js";
import { createDatabaseBus, createLocalBus, type EventBus } from "../events.js";
import { createServerApp, type ServerAppOptions } from "../server/app.js";
import type { AppServices } from "../context.js";
import { testDkimResolver } from "./dkim.js";

export interface TestServer {
  url: string;
  /** The PostgreSQL database's address, for another instance (startAnotherInstance); none on PGlite. */
  databaseUrl?: string;
  services: AppServices;
  /** fetch against the server; JSON bodies are encoded and the content type set. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** POSTs `body` as it is, under `contentType`: a beacon's text, or what a broken client sends. */
  postRaw(path: string, contentType: string, body: string): Promise<Response>;
  /** The mails of the outbox to `address`, newest first (what a person would find in their inbox). */
  mailsTo(address: string): Promise<{ kind: string; subject: string; text: string }[]>;
  /** Signs in over REST and returns the token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  seed?: boolean;
  config?: Partial<Config>;
  app?: ServerAppOptions;
  /**
   * The database and bus of one instance of several (as each server process opens its own); the server
   * closes them. Default: a fresh test database of its own, seeded, and an in-process bus.
   */
  instanceOf?: { database: DatabaseHandle; bus: EventBus };
  /** The file store; by default a fresh folder of its own. */
  files?: FileStore;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database: DatabaseHandle & { url?: string } = options.instanceOf?.database ?? (await createTestDatabase());
  if (options.seed !== false && !options.instanceOf) {
    await seedDemo(database.db);
    await seedCatalogue(database.db);
  }
  const config = testConfig(options.config);
  const services: AppServices = {
    database,
    db: database.db,
    bus: options.instanceOf?.bus ?? createLocalBus(),
    config,
    assistant: createAssistant(config),
    files: options.files ?? localFileStore(mkdtempSync(join(tmpdir(), "nw-files-"))),
    // DKIM keys come from the tests' own resolver: a mail signed with the test key is authenticated.
    dkimResolver: testDkimResolver,
  };
  const { app, injectWebSocket, hub } = createServerApp(services, { webDist: fixtureWebDist(), ...options.app });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as import("node:http").Server;
  // Only the client closes an idle connection. The test's fetch reuses connections, and server and client
  // share one busy process: when a long step (a bulk insert into PGlite) holds the event loop past the
  // server's idle timeout, the server's timer and the next request come due together, and the server
  // could close the connection the request was just written to (ECONNRESET). close() ends them all.
  server.keepAliveTimeout = 0;
  injectWebSocket(server);
  if (!server.listening) await once(server, "listening");
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const request: TestServer["request"] = (path, init = {}) => {
    const { json, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set("content-type", "application/json");
    if (token) headers.set("authorization", `Bearer ${token}`);
    return fetch(url + path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body });
  };

  return {
    url,
    databaseUrl: database.url,
    services,
    request,
    mailsTo: (address) =>
      database.db
        .select({ kind: outbox.kind, subject: outbox.subject, text: outbox.text })
        .from(outbox)
        .where(eq(outbox.to, address))
        .orderBy(desc(outbox.createdAt), desc(outbox.id)),
    postRaw: (path, contentType, body) =>
      request(path, { method: "POST", headers: { "content-type": contentType }, body }),
    async login(email, password = "demo-password") {
      const path = email.startsWith("client@") ? "/api/client/login" : "/api/auth/login";
      const res = await request(path, { method: "POST", json: { email, password } });
      if (!res.ok) throw new Error(`login ${email} failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    },
    async close() {
      hub.close();
      // Stop accepting first, then end the connections still open (idle keep-alive ones included).
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await services.bus.close();
      await database.close();
    },
  };
}

/**
 * A second instance of `server`'s deployment: its own connections and bus to the same PostgreSQL database,
 * as a second server process has. Null on PGlite, which one process holds.
 */
export async function startAnotherInstance(server: TestServer, app?: ServerAppOptions): Promise<TestServer | null> {
  if (!server.databaseUrl) return null;
  const handle = await createDatabase({ url: server.databaseUrl, maxConnections: 4, migrate: false });
  return startTestServer({ instanceOf: { database: handle, bus: await createDatabaseBus(handle) }, app });
}

/**
 * Makes the session of `token` as it is minutes after its sign-in, out of sudo mode (docs/architecture.md
 * §6a), so a test sees the re-authentication asked for without waiting 5 minutes.
 */
export async function expireSudoMode(server: TestServer, token: string): Promise<void> {
  await server.services.db
    .update(sessions)
    .set({ reauthenticatedAt: new Date(Date.now() - REAUTH_WINDOW_MS - 60_000) })
    .where(eq(sessions.id, sessionIdFromToken(token)));
}

/** A stand-in for the built web app: a shell, a prerendered page and a hashed asset. */
function fixtureWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), "nw-web-"));
  writeFileSync(join(dir, "spa.html"), "<!doctype html><title>shell</title><div id=app></div>");
  writeFileSync(join(dir, "about.html"), "<!doctype html><title>About</title><h1>About us</h1>");
  writeFileSync(join(dir, "404.html"), "<!doctype html><title>Not found</title><h1>404 Page Not Found</h1>");
  writeFileSync(join(dir, "routes.json"), JSON.stringify(["/", "/about", "/client/tickets/$id"]));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "assets", "app-abc123.js"), "console.log('app')");
  return dir;
}
