// The inventory search through its trigram index (docs/performance.md §4) finds exactly what the plain search found:
// every device one of whose fields, type, platform or company name holds the words, as a literal
// substring in any case, and no other (words spanning two fields included), in a company's scope and
// across all of them, in the list and in the counters.
import { beforeAll, describe, expect, it } from "vitest";
import { and, clients, containsPattern, devices, eq, ilike, or, sql } from "@repo/db";
import { demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { countDeviceMetrics, listDevices } from "./inventory.js";
import { systemScope, type Scope } from "../auth/scope.js";

const { server } = serverForFile();
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  await server.services.db.insert(devices).values([
    // Words that span two fields are no match.
    { clientId: acme, assignedUser: "Alpha", email: "beta@acme.test", serialNumber: "SPAN-1", deviceType: "tablet" },
    { clientId: acme, model: "Model 7", location: "Room 7", serialNumber: "SPAN-2", platform: "ChromeOS" },
    { clientId: acme, notes: "Écran cassé, 100% sûr_", assetTag: "Ä-1", serialNumber: "SPAN-3", platform: "iOS" },
    { clientId: acme, serialNumber: "SPAN-4" },
  ]);
});

/** The search as it read before its index: each field, type, platform and the company's name. */
async function plainSearch(clientId: string | null, q: string): Promise<string[]> {
  const pattern = containsPattern(q);
  const rows = await server.services.db
    .select({ id: devices.id })
    .from(devices)
    .innerJoin(clients, eq(devices.clientId, clients.id))
    .where(
      and(
        clientId ? eq(devices.clientId, clientId) : undefined,
        or(
          ...[devices.assignedUser, devices.email, devices.model, devices.serialNumber, devices.assetTag].map((c) =>
            ilike(c, pattern),
          ),
          ilike(devices.location, pattern),
          ilike(devices.notes, pattern),
          ilike(sql`${devices.deviceType}::text`, pattern),
          ilike(sql`${devices.platform}::text`, pattern),
          ilike(clients.name, pattern),
        ),
      ),
    );
  return rows.map((r) => r.id).sort();
}

const QUERIES = [
  "alpha beta", // spans assigned user and email
  "alpha",
  "7 room", // spans model and location
  "model 7",
  "LAPTOP",
  "lap",
  "os", // platforms, and text
  "WINDOWS",
  "tablet",
  "acme",
  "Acme Dental",
  "birch legal",
  "ACME-LT",
  "écran",
  "ÉCRAN CASSÉ",
  "ä-1",
  "İOS", // not ASCII: the type and platform are read as they were
  "\u212Aelvin",
  "100%",
  "%",
  "_",
  "sûr_",
  "\\",
  "a",
  "nothing holds this",
];

describe("the inventory search", () => {
  it("finds exactly the devices the plain search found, in a company and across all", async () => {
    const { birch } = await demoCompanies(server);
    const company = (clientId: string): Scope => ({ kind: "company", clientId, userId: "a client" });
    const staff: Scope = { kind: "staff", userId: "an agent", role: "AGENT" };
    // A company scope, staff filtering by one company, and every company.
    const cases: { scope: Scope; clientId: string | null; chosen?: string }[] = [
      { scope: company(acme), clientId: acme },
      { scope: company(birch), clientId: birch, chosen: "all" },
      { scope: staff, clientId: acme, chosen: acme },
      { scope: systemScope("job"), clientId: null },
    ];
    for (const { scope, clientId, chosen } of cases) {
      for (const q of QUERIES) {
        const expected = await plainSearch(clientId, q);
        const found = await listDevices(server.services.db, scope, { q, clientId: chosen });
        expect(found.map((d) => d.id).sort(), `${clientId} ${q}`).toEqual(expected);
        const metrics = await countDeviceMetrics(server.services.db, scope, { q, clientId: chosen });
        expect(metrics.total, `${clientId} ${q}`).toBe(expected.length);
      }
    }
    // Not vacuous: the span is no match, its parts are.
    expect(await plainSearch(acme, "alpha beta")).toEqual([]);
    expect(await plainSearch(acme, "alpha")).toHaveLength(1);
    expect((await plainSearch(null, "acme")).length).toBeGreaterThan(4);
  });
});
