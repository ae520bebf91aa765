// The set-up most API test files share, written once: one seeded server for the whole file, started
// before its tests with the named accounts signed in, and closed after them.
import { afterAll, beforeAll, vi } from "vitest";
import { signIn } from "./fixtures.js";
import { startTestServer, type TestServer, type TestServerOptions } from "./harness.js";

export interface FileServer {
  /**
   * The file's server. It may be taken at the top of the file: it reaches the started server once the
   * file's first beforeAll has run (a file's own beforeAll hooks run after this one, in order).
   */
  server: TestServer;
  /** The signed-in accounts' bearer tokens, by email (filled in before the tests run). */
  tokens: Record<string, string>;
}

export interface FileServerOptions extends TestServerOptions {
  /**
   * The instant the whole file runs at, for the tests whose figures read the clock: Date alone is faked,
   * from before the server starts (so the seed is placed around it) until after it closes.
   */
  now?: Date;
}

/** Registers the beforeAll that starts the server and signs `accounts` in, and the afterAll that closes it. */
export function serverForFile(accounts: readonly string[] = [], options: FileServerOptions = {}): FileServer {
  let started: TestServer | undefined;
  const tokens: Record<string, string> = {};
  const live = (): TestServer => {
    if (!started) throw new Error("The test server starts in beforeAll; use it inside a hook or a test");
    return started;
  };
  const { now, ...serverOptions } = options;
  beforeAll(async () => {
    if (now) {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(now);
    }
    started = await startTestServer(serverOptions);
    Object.assign(tokens, await signIn(started, accounts));
  });
  afterAll(async () => {
    await started?.close();
    if (now) vi.useRealTimers();
  });

  const server: TestServer = {
    get url() {
      return live().url;
    },
    get services() {
      return live().services;
    },
    get databaseUrl() {
      return live().databaseUrl;
    },
    request: (path, init) => live().request(path, init),
    postRaw: (path, contentType, body) => live().postRaw(path, contentType, body),
    mailsTo: (address) => live().mailsTo(address),
    login: (email, password) => live().login(email, password),
    close: () => live().close(),
  };
  return { server, tokens };
}
