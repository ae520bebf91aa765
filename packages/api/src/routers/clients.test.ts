import { describe, expect, it } from "vitest";
import { clients, count } from "@repo/db";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);

const send = (method: string, path: string, json: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });
const companyCount = async () => (await server.services.db.select({ n: count() }).from(clients))[0]!.n;

describe("GET /api/admin/clients (public)", () => {
  it("lists id and name only, by name, without a session", async () => {
    const res = await server.request("/api/admin/clients");
    expect(res.status).toBe(200);
    const list = (await res.json()) as Record<string, unknown>[];
    expect(list.map((c) => c.name)).toEqual(["Acme Dental", "Birch Legal"]);
    expect(Object.keys(list[0]!)).toEqual(["id", "name"]);
  });
});

describe("GET /api/clients (staff)", () => {
  it("returns { clients } with profiles to staff only", async () => {
    const res = await server.request("/api/clients", { token: tokens["viewer@northwind.test"] });
    const body = (await res.json()) as { clients: Record<string, unknown>[] };
    expect(body.clients[1]).toEqual({
      id: expect.any(String),
      name: "Birch Legal",
      contactEmail: "admin@birch.test",
      contactPhone: null,
      address: null,
      description: null,
      ssoRequired: false,
      showTimeToClient: false,
      trustedDomains: [],
      taxCodeId: null,
      billingEmail: null,
      billingAddress: null,
      version: expect.any(Number),
    });
    expect((await server.request("/api/clients", { token: tokens["client@acme.test"] })).status).toBe(403);
    expect((await server.request("/api/clients")).status).toBe(401);
  });
});

describe("company profiles (admin)", () => {
  it("creates a company, storing blank fields as null", async () => {
    const res = await send(
      "POST",
      "/api/clients",
      { name: "Cedar Clinic", contactEmail: "", contactPhone: " 416 555 0100 " },
      "admin@northwind.test",
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: expect.any(String),
      name: "Cedar Clinic",
      contactEmail: null,
      contactPhone: "416 555 0100",
      address: null,
      description: null,
      ssoRequired: false,
      showTimeToClient: false,
      trustedDomains: [],
      taxCodeId: null,
      billingEmail: null,
      billingAddress: null,
      version: expect.any(Number),
    });
  });

  it("updates only the fields sent", async () => {
    const created = (await (
      await send("POST", "/api/clients", { name: "Dune Design", description: "Studio" }, "admin@northwind.test")
    ).json()) as { id: string };
    const res = await send("PATCH", `/api/clients/${created.id}`, { address: "1 King St W" }, "admin@northwind.test");
    expect(await res.json()).toMatchObject({ name: "Dune Design", description: "Studio", address: "1 King St W" });
  });

  it("refuses a taken name with 409, a bad email with its message, and non-admins with 403, storing nothing", async () => {
    const before = await companyCount();
    const taken = await send("POST", "/api/clients", { name: "Acme Dental" }, "admin@northwind.test");
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as { error: string }).error).toBe("A client with this name already exists");
    const email = await send("POST", "/api/clients", { name: "Elm Co", contactEmail: "nope" }, "admin@northwind.test");
    expect(((await email.json()) as { error: string }).error).toBe("Invalid email address");
    const blank = await send("POST", "/api/clients", { name: " " }, "admin@northwind.test");
    expect(((await blank.json()) as { error: string }).error).toBe("Company name is required");
    for (const who of ["agent@northwind.test", "viewer@northwind.test", "client@acme.test"]) {
      expect((await send("POST", "/api/clients", { name: "Fir Ltd" }, who)).status).toBe(403);
    }
    expect(await companyCount()).toBe(before);
    const acme = ((await (await server.request("/api/admin/clients")).json()) as { id: string; name: string }[])[0]!;
    const birch = ((await (await server.request("/api/admin/clients")).json()) as { id: string; name: string }[])[1]!;
    expect((await send("PATCH", `/api/clients/${birch.id}`, { name: acme.name }, "admin@northwind.test")).status).toBe(
      409,
    );
    expect((await send("PATCH", "/api/clients/nope", { name: "X" }, "admin@northwind.test")).status).toBe(404);
  });
});
