// The production image's parts, as far as a machine without Docker can check them (docs/architecture.md §17):
// the folder `pnpm deploy:prod` makes (what docker/Dockerfile copies into the runtime stage) holds production
// dependencies only and serves on its own, and docker/compose.yaml is a valid Compose file.
// The deployed server runs on the database of this test pass: PGlite, or a fresh PostgreSQL database
// when TEST_DATABASE_URL is set. Assumes `pnpm build` ran, as `pnpm test` does first.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DCLinter } from "dclint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "../../../..");
const apiPackage = JSON.parse(readFileSync(join(repo, "packages/api/package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let folder: string;
let api: string;

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "nw-deploy-"));
  const result = spawnSync(process.execPath, [join(repo, "scripts/deploy-prod.mjs"), folder], {
    cwd: repo,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`deploy-prod failed:\n${result.stdout}\n${result.stderr}`);
  api = join(folder, "api");
}, 120_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Bytes below `path`, counting each file once (pnpm's node_modules is full of symlinks). */
function sizeOf(path: string): number {
  let total = 0;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}

describe("the deployed folder", () => {
  it("holds the built files and production dependencies, no sources and no build tools", () => {
    // The package's README travels too: npm's packing always takes it, whatever `files` says.
    expect(readdirSync(api).sort()).toEqual(["README.md", "dist", "node_modules", "package.json", "pnpm-lock.yaml"]);
    expect(existsSync(join(api, "dist/main.js"))).toBe(true);
    expect(existsSync(join(api, "dist/user-create.js"))).toBe(true);
    expect(existsSync(join(folder, "web/dist/index.html"))).toBe(true);
    expect(existsSync(join(folder, "web/dist-ssr/entry-server.js"))).toBe(true);

    const installed = readdirSync(join(api, "node_modules"))
      .filter((name) => !name.startsWith("."))
      .flatMap((name) =>
        name.startsWith("@") ? readdirSync(join(api, "node_modules", name)).map((n) => `${name}/${n}`) : [name],
      );
    expect(installed.sort()).toEqual(Object.keys(apiPackage.dependencies).sort());
    // typescript stays: @trpc/server names it as a peer dependency, so pnpm installs it with it.
    const store = readdirSync(join(api, "node_modules/.pnpm"));
    for (const tool of ["vitest", "esbuild", "tsx", "vite", "dclint", "drizzle-kit", "oidc-provider", "smtp-server"]) {
      expect(store.filter((entry) => entry.startsWith(`${tool}@`))).toEqual([]);
    }
    // The migrations travel with @repo/db, resolved through it at start (docs/architecture.md §4).
    expect(readdirSync(join(api, "node_modules/@repo/db/drizzle")).some((f) => f.endsWith(".sql"))).toBe(true);
    // argon2's native binary for this platform: the one the Dockerfile's build stage installs for the image.
    if (process.platform === "linux" && process.arch === "x64") {
      expect(store.some((entry) => entry.startsWith("@node-rs+argon2-linux-x64-gnu@"))).toBe(true);
    }

    const megabytes = sizeOf(folder) / 1e6;
    console.log(`deployed folder: ${Math.round(megabytes)} MB`);
    expect(megabytes).toBeLessThan(500);
  });

  it(`creates an admin, starts, migrates and serves on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}`, async () => {
    const database = await freshDatabase();
    const port = await freePort();
    // Only what production sets: nothing of this workspace's environment leaks into the deployed server.
    const env = { PATH: process.env.PATH ?? "", NODE_ENV: "production", LOG_LEVEL: "warn", ...database.env };
    try {
      const created = spawnSync(
        process.execPath,
        ["dist/user-create.js", "--email", "admin@example.com", "--name", "First Admin", "--password", PASSWORD],
        { cwd: api, env, encoding: "utf8" },
      );
      expect(created.stderr).toBe("");
      expect(created.stdout).toContain("Created ADMIN admin@example.com");

      const server = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
        cwd: api,
        env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
      });
      let output = "";
      server.stdout.on("data", (chunk) => (output += chunk));
      server.stderr.on("data", (chunk) => (output += chunk));
      try {
        const base = `http://127.0.0.1:${port}`;
        await waitUntilReady(`${base}/readyz`, server, () => output);

        const home = await fetch(`${base}/`);
        expect(home.status).toBe(200);
        expect(home.headers.get("content-type")).toContain("text/html");
        expect(await home.text()).toContain("<html");

        // The help centre is rendered by the web app's server entry, which must run without the web
        // package's node_modules (a production install has none).
        const help = await fetch(`${base}/help`);
        expect(help.status).toBe(200);
        expect(await help.text()).toContain("Help centre");

        const document = await fetch(`${base}/api/openapi.json`);
        expect(document.status).toBe(200);
        expect(Object.keys(((await document.json()) as { paths: object }).paths).length).toBeGreaterThan(10);

        const providers = await fetch(`${base}/api/auth/sso-providers`);
        expect(providers.status).toBe(200);

        // A sign-in exercises argon2's native binary and the session store in the deployed folder.
        const login = await fetch(`${base}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "admin@example.com", password: PASSWORD }),
        });
        expect(login.status).toBe(200);
        const { token } = (await login.json()) as { token: string };
        const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
        expect(await me.json()).toMatchObject({ email: "admin@example.com", role: "ADMIN" });

        expect(await stop(server)).toBe(0);
      } finally {
        server.kill("SIGKILL");
      }
    } finally {
      await database.drop();
    }
  }, 120_000);
});

describe("docker/compose.yaml", () => {
  const file = join(repo, "docker/compose.yaml");

  it("is valid against the Compose specification's schema and breaks no rule of dclint's", () => {
    // dclint ships the compose-spec JSON schema and checks it before its own rules.
    const { context, messages } = DCLinter.validateFile(file);
    expect(messages).toEqual([]);
    const [result] = new DCLinter({ rules: {}, exclude: [], quiet: true, debug: false }).lintFiles([file], false);
    expect(result?.messages.filter((m: { type: string }) => m.type === "error")).toEqual([]);

    const { services } = context!.content as { services: Record<string, Record<string, unknown>> };
    expect(services.app).toMatchObject({ deploy: { replicas: 2 }, build: { dockerfile: "docker/Dockerfile" } });
    expect(services.app).not.toHaveProperty("ports");
    expect(services.proxy).toMatchObject({ image: expect.stringMatching(/^caddy:/) });
    expect(services.db).toMatchObject({ image: expect.stringMatching(/^postgres:1[67]/) });
  });
});

const PASSWORD = "correct horse battery staple 42";

/** PGlite in a new data folder, or a new, empty PostgreSQL database the server migrates itself. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), "nw-deploy-data-"));
    return { env: { DATA_DIR: dataDir }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const { default: postgres } = await import("postgres");
  const name = `nw_deploy_${Date.now().toString(36)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function freePort(): Promise<number> {
  const probe = createServer();
  return new Promise((resolve) =>
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    }),
  );
}

async function waitUntilReady(url: string, server: ChildProcess, output: () => string): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null) throw new Error(`The deployed server exited (${server.exitCode}):\n${output()}`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The deployed server never became ready:\n${output()}`);
}

/** SIGTERM, as `docker stop` sends it; resolves with the exit code. */
function stop(server: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    server.once("exit", (code) => resolve(code));
    server.kill("SIGTERM");
  });
}
