import { beforeAll, describe, expect, it } from "vitest";
import { devices } from "@repo/db";
import { DEVICE_SORT_FIELDS } from "@repo/validators";
import { demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { type DeviceListFilters, listDevices } from "./inventory.js";
import { deviceListBatches } from "./list-batches.js";
import { systemScope, type CompanyScope } from "../auth/scope.js";

const { server } = serverForFile();
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  // Ties and empty values in every sort column, which is where resuming after a batch's last row can go wrong:
  // the same key in another case, the same key and serial number order decided by id, and all-empty rows.
  await server.services.db.insert(devices).values([
    ...["dana whitfield", "DANA WHITFIELD", "Dana Whitfield"].map((assignedUser, i) => ({
      clientId: acme,
      assignedUser,
      model: "Same model",
      location: "Same place",
      serialNumber: `TIE-${i}`,
      purchaseDate: "2024-01-01",
      lastCheckIn: new Date("2026-01-01T10:00:00.123Z"),
    })),
    ...[0, 1, 2, 3].map((i) => ({ clientId: acme, serialNumber: `EMPTY-${i}` })),
  ]);
});

const ids = async (batches: AsyncIterable<{ id: string }[]>, sizes: number[]) => {
  const all: string[] = [];
  for await (const batch of batches) {
    sizes.push(batch.length);
    all.push(...batch.map((d) => d.id));
  }
  return all;
};

describe("deviceListBatches", () => {
  it("reads the list's rows in the list's order for every sort, both directions, batch by batch", async () => {
    const db = server.services.db;
    for (const sort of DEVICE_SORT_FIELDS) {
      for (const dir of ["asc", "desc"] as const) {
        const filters: DeviceListFilters = { sort, dir };
        const expected = (await listDevices(db, systemScope("job"), filters)).map((d) => d.id);
        const sizes: number[] = [];
        const got = await ids(deviceListBatches(db, systemScope("job"), filters, { batchSize: 3 }), sizes);
        expect(got, `${sort} ${dir}`).toEqual(expected);
        expect(Math.max(...sizes)).toBe(3);
      }
    }
  });

  it("keeps the scope and the filters", async () => {
    const db = server.services.db;
    const scope: CompanyScope = { kind: "company", clientId: acme, userId: "a client" };
    const filters: DeviceListFilters = { q: "dana", status: "IN_USE" };
    const expected = (await listDevices(db, scope, filters)).map((d) => d.id);
    expect(expected.length).toBeGreaterThan(2);
    const got = await ids(deviceListBatches(db, scope, filters, { batchSize: 2 }), []);
    expect(got).toEqual(expected);
    const all = (await listDevices(db, scope)).length;
    expect(await ids(deviceListBatches(db, scope), [])).toHaveLength(all);
  });
});
