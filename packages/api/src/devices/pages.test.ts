// The device inventory in pages and its counters in SQL (docs/performance.md §4), over real HTTP: pages put together
// are the whole list in every order (empty values and ties included), the list call stays a list, the
// counters are those of the whole list, and a cursor never crosses into another company.
import { beforeAll, describe, expect, it } from "vitest";
import { devices, eq, inArray } from "@repo/db";
import { DEVICE_SORT_FIELDS, type Device, type DevicePage } from "@repo/validators";
import { ACME, ADMIN, BIRCH, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, okJson } from "../test/pages.js";
import { expectRefused } from "../test/refusals.js";
import { deviceMetrics } from "./compliance.js";

const { server, tokens } = serverForFile([ACME, BIRCH, ADMIN]);
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  // Ties and empty values, where a keyset order is easiest to get wrong.
  const mine = await server.services.db.select({ id: devices.id }).from(devices).where(eq(devices.clientId, acme));
  const some = mine.slice(0, 6).map((d) => d.id);
  await server.services.db
    .update(devices)
    .set({ assignedUser: null, location: "Front desk", model: null })
    .where(inArray(devices.id, some.slice(0, 3)));
  await server.services.db
    .update(devices)
    .set({ assignedUser: "Same Person", location: null })
    .where(inArray(devices.id, some.slice(3)));
});

const get = (path: string, email = ACME) => server.request(path, { token: tokens[email] });
const query = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

const json = <T>(path: string, email = ACME) => get(path, email).then((res) => okJson<T>(res, path));

const pagesOf = (params: Record<string, string | number>, email = ACME) =>
  allPages((path) => json<DevicePage>(path, email), `/api/devices/page?${query(params)}&`);

const ids = (list: { id: string }[]) => list.map((d) => d.id);

describe("the device pages", () => {
  it("put together, are the whole list in every order, with no device twice or missing", async () => {
    const sorts = ["assignedUser", "location", "model", "status", "lastCheckIn"] as const;
    expect(DEVICE_SORT_FIELDS).toEqual(expect.arrayContaining([...sorts]));
    for (const sort of sorts) {
      for (const dir of ["asc", "desc"]) {
        const whole = await json<Device[]>(`/api/devices?${query({ sort, dir })}`);
        expect(whole).toHaveLength(12);
        const pages = await pagesOf({ sort, dir, limit: 5 });
        expect(
          pages.map((p) => p.devices.length),
          `${sort} ${dir}`,
        ).toEqual([5, 5, 2]);
        expect(ids(pages.flatMap((p) => p.devices)), `${sort} ${dir}`).toEqual(ids(whole));
        expect(pages.at(-1)!.nextCursor).toBeNull();
      }
    }
  });

  it("keeps the search and status filter, and staff reach every company or the one they name", async () => {
    const filtered = await json<Device[]>(`/api/devices?${query({ status: "IN_USE", q: "a" })}`);
    expect(filtered.length).toBeGreaterThan(2);
    const pages = await pagesOf({ status: "IN_USE", q: "a", limit: 2 });
    expect(ids(pages.flatMap((p) => p.devices))).toEqual(ids(filtered));

    const everyone = await json<Device[]>("/api/devices", ADMIN);
    expect(new Set(everyone.map((d) => d.clientId)).size).toBeGreaterThan(1);
    expect(ids((await pagesOf({ limit: 7 }, ADMIN)).flatMap((p) => p.devices))).toEqual(ids(everyone));
    const acmeOnly = (await pagesOf({ clientId: acme, limit: 7 }, ADMIN)).flatMap((p) => p.devices);
    expect(ids(acmeOnly)).toEqual(ids(everyone.filter((d) => d.clientId === acme)));
  });

  it("answers the list call with a list: every device, or the page after a cursor", async () => {
    const whole = await json<Device[]>("/api/devices?sort=location&dir=desc");
    const first = await json<Device[]>("/api/devices?sort=location&dir=desc&limit=4");
    expect(ids(first)).toEqual(ids(whole.slice(0, 4)));
    const next = await json<Device[]>(`/api/devices?sort=location&dir=desc&limit=4&cursor=${first[3]!.id}`);
    expect(ids(next)).toEqual(ids(whole.slice(4, 8)));
    const rest = await json<Device[]>(`/api/devices?sort=location&dir=desc&cursor=${first[3]!.id}`);
    expect(ids(rest)).toEqual(ids(whole.slice(4)));
  });

  it("counts the metrics in SQL as the whole list would, under each filter", async () => {
    for (const params of [{}, { status: "SPARE" }, { q: "acme" }, { status: "RETIRED" }]) {
      const whole = await json<Device[]>(`/api/devices?${query(params)}`, ADMIN);
      expect(await json(`/api/devices/metrics?${query(params)}`, ADMIN), JSON.stringify(params)).toEqual(
        deviceMetrics(whole),
      );
    }
    const mine = await json<Device[]>("/api/devices");
    const counted = deviceMetrics(mine);
    expect(counted.atRisk).toBeGreaterThan(0);
    expect(await json("/api/devices/metrics")).toEqual(counted);
  });

  it("refuses a cursor from another company, or one that is not a device, with a 400", async () => {
    const birch = await json<Device[]>("/api/devices", BIRCH);
    const refusal = "That page of devices no longer exists: start again from the first page";
    for (const path of ["/api/devices/page", "/api/devices"]) {
      await expectRefused(await get(`${path}?cursor=${birch[0]!.id}`), 400, refusal, "BAD_REQUEST");
      await expectRefused(await get(`${path}?cursor=not-a-device`), 400, refusal, "BAD_REQUEST");
    }
    // Staff naming one company cannot start from another's device either.
    const res = await get(`/api/devices/page?clientId=${acme}&cursor=${birch[0]!.id}`, ADMIN);
    await expectRefused(res, 400, refusal, "BAD_REQUEST");
    expect((await get(`/api/devices/page?cursor=${birch[0]!.id}`, ADMIN)).status).toBe(200);
    expect((await get("/api/devices/page?limit=0")).status).toBe(400);
    expect((await get("/api/devices?limit=101")).status).toBe(400);
    expect((await server.request("/api/devices/page")).status).toBe(401);
  });
});
