// The reports' "top devices with tickets" (docs/features.md §8): devices ranked by the tickets opened in the range
// that name them, counted over whole Toronto days, from tickets placed at known times.
import { beforeAll, describe, expect, it } from "vitest";
import { clients, devices, eq } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { createTicket } from "../tickets/service.js";
import type { Report } from "./queries.js";
import { systemScope } from "../auth/scope.js";

const { server } = serverForFile();
let viewer: string;

beforeAll(async () => {
  viewer = await server.login("viewer@northwind.test");
});

async function place(at: string, clientId: string, deviceId: string) {
  await createTicket(server.services, {
    scope: systemScope("seed"),
    input: {
      title: `Placed at ${at}`,
      description: "Placed at a known time for the top devices.",
      type: "INCIDENT",
      priority: "P3",
      requesterName: "Report Tester",
      requesterEmail: "reports@example.org",
      clientId,
      deviceId,
    },
    source: "client",
    actor: { name: "Report Tester" },
    now: new Date(at),
  });
}

describe("top devices", () => {
  it("ranks the devices by tickets opened in the range, Toronto days, with their company", async () => {
    const db = server.services.db;
    const [acme] = await db.select().from(clients).where(eq(clients.name, "Acme Dental"));
    const [birch] = await db.select().from(clients).where(eq(clients.name, "Birch Legal"));
    const [first, second] = await db.select().from(devices).where(eq(devices.clientId, acme!.id));
    const [third] = await db.select().from(devices).where(eq(devices.clientId, birch!.id));

    // 2024-03-01 to 2024-03-02 in Toronto (EST, UTC-5): from 05:00Z on the 1st to 05:00Z on the 3rd.
    for (const at of ["2024-03-01T05:00:00Z", "2024-03-02T12:00:00Z", "2024-03-03T04:59:59Z"]) {
      await place(at, acme!.id, second!.id);
    }
    await place("2024-03-01T15:00:00Z", acme!.id, first!.id);
    await place("2024-03-02T15:00:00Z", birch!.id, third!.id);
    await place("2024-03-02T16:00:00Z", birch!.id, third!.id);
    // Outside: the evening before (Toronto) and the first moment of the day after.
    await place("2024-03-01T04:59:59Z", acme!.id, first!.id);
    await place("2024-03-03T05:00:00Z", acme!.id, first!.id);

    const res = await server.request("/api/reports?from=2024-03-01&to=2024-03-02", { token: viewer });
    expect(res.status).toBe(200);
    const { topDevices } = (await res.json()) as Report;
    expect(topDevices.map(({ deviceId, clientName, tickets }) => ({ deviceId, clientName, tickets }))).toEqual([
      { deviceId: second!.id, clientName: "Acme Dental", tickets: 3 },
      { deviceId: third!.id, clientName: "Birch Legal", tickets: 2 },
      { deviceId: first!.id, clientName: "Acme Dental", tickets: 1 },
    ]);
    expect(topDevices[0]!.label).toContain(second!.serialNumber);

    const client = await server.login("client@acme.test");
    expect((await server.request("/api/reports?from=2024-03-01&to=2024-03-02", { token: client })).status).toBe(403);
  });
});
