// A client generated from the served OpenAPI document type-checks against the API's answers: the types
// come from openapi-typescript, the calls from openapi-fetch, as an integrator would build them. A sign-in's
// 200 must be a session (`data.token`), and its 401 may carry a second factor's challenge.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import createClient from "openapi-fetch";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();

// Inside the package, so the generated client resolves openapi-fetch as an integrator's project would.
const scratchRoot = join(import.meta.dirname, "..", "..", "node_modules", ".tmp");
mkdirSync(scratchRoot, { recursive: true });
const dir = mkdtempSync(join(scratchRoot, "openapi-client-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CLIENT = `
import createClient from "openapi-fetch";
import type { paths } from "./schema.js";

const client = createClient<paths>({ baseUrl: "http://127.0.0.1/api" });

export async function staffSignIn(): Promise<string | null> {
  const { data, error } = await client.POST("/auth/login", { body: { email: "a@example.test", password: "x" } });
  if (data) {
    const token: string = data.token;
    const role: "ADMIN" | "AGENT" | "VIEWER" | "CLIENT" = data.user.role;
    return token + role;
  }
  if (error && "challenge" in error) {
    const next: { challenge: string; secondFactor: "totp" | "enrol" } = error;
    const verified = await client.POST("/auth/login/verify", { body: { challenge: next.challenge, code: "123456" } });
    return verified.data?.token ?? null;
  }
  return null;
}

export async function clientSignIn(): Promise<string | undefined> {
  const { data } = await client.POST("/client/login", { body: { email: "a@example.test", password: "x" } });
  return data?.token;
}
`;

/** tsc's errors for the files, strict, as a list of "file: message". */
function typeErrors(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    skipLibCheck: true,
    types: [],
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName.slice(dir.length + 1) ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
    );
}

describe("a client generated from /api/openapi.json", () => {
  it("type-checks: a sign-in's 200 holds the token, its 401 may hold a challenge", async () => {
    const document = await (await server.request("/api/openapi.json")).json();
    writeFileSync(join(dir, "schema.d.ts"), astToString(await openapiTS(document)));
    writeFileSync(join(dir, "client.ts"), CLIENT);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    expect(typeErrors([join(dir, "client.ts")])).toEqual([]);
  });

  it("signs in with it against the running server", async () => {
    const client = createClient({ baseUrl: `${server.url}/api` });
    const { data, response } = await client.POST(
      "/auth/login" as never,
      {
        body: { email: "admin@northwind.test", password: "demo-password" },
      } as never,
    );
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ token: expect.any(String), user: { email: "admin@northwind.test" } });
  });
});
