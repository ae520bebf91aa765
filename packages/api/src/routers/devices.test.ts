import { beforeAll, describe, expect, it } from "vitest";
import { deviceFacts, devices, eq, inArray } from "@repo/db";
import type { Device, DeviceHistoryPage, DeviceImportResult, DeviceMetrics } from "@repo/validators";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ACME, BIRCH, ADMIN, AGENT, VIEWER]);
let acme: string;
let birch: string;

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
});

const as = (email: string) => tokens[email]!;
const send = (method: string, path: string, json: unknown, email: string) =>
  server.request(path, { method, json, token: as(email) });

async function list(email: string, query = ""): Promise<Device[]> {
  const res = await server.request(`/api/devices${query}`, { token: as(email) });
  expect(res.status).toBe(200);
  return (await res.json()) as Device[];
}
const serials = (devices: Device[]) => devices.map((d) => d.serialNumber);
async function deviceId(serial: string): Promise<string> {
  const [row] = await server.services.db
    .select({ id: devices.id })
    .from(devices)
    .where(eq(devices.serialNumber, serial));
  return row!.id;
}

describe("device list", () => {
  it("gives a client its own company's devices, with every field and complianceOk", async () => {
    const mine = await list(ACME);
    expect(mine).toHaveLength(12);
    expect(new Set(mine.map((d) => d.clientName))).toEqual(new Set(["Acme Dental"]));
    const laptop = mine.find((d) => d.serialNumber === "ACME-LT-0001")!;
    expect(laptop).toMatchObject({
      clientId: acme,
      clientName: "Acme Dental",
      assignedUser: "Dana Whitfield",
      email: "dana@acme.test",
      deviceType: "laptop",
      platform: "Windows",
      model: "Dell Latitude 5440",
      assetTag: "ACME-0001",
      status: "IN_USE",
      location: "Front office",
      encryptionEnabled: true,
      notes: null,
      complianceOk: true,
    });
    expect(laptop.purchaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(laptop.warrantyExpiry).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(laptop.lastCheckIn!).toISOString()).toBe(laptop.lastCheckIn);
  });

  it("ignores a client's clientId parameter", async () => {
    const sneaky = await list(ACME, `?clientId=${birch}`);
    expect(sneaky).toHaveLength(12);
    expect(sneaky.every((d) => d.clientId === acme)).toBe(true);
    const garbage = await list(ACME, "?clientId=not-a-uuid");
    expect(garbage).toHaveLength(12);
  });

  it("gives staff every company, or one with clientId", async () => {
    expect(await list(ADMIN)).toHaveLength(22);
    expect(await list("viewer@northwind.test")).toHaveLength(22);
    const birchOnly = await list(ADMIN, `?clientId=${birch}`);
    expect(birchOnly).toHaveLength(10);
    expect(birchOnly.every((d) => d.clientName === "Birch Legal")).toBe(true);
    const bad = await server.request("/api/devices?clientId=nope", { token: as(ADMIN) });
    expect(bad.status).toBe(400);
  });

  it("refuses an anonymous caller", async () => {
    const res = await server.request("/api/devices");
    expect(res.status).toBe(401);
  });

  it("computes complianceOk: encryption off or no check-in for 30 days is at risk, RETIRED never", async () => {
    const bySerial = Object.fromEntries((await list(ACME)).map((d) => [d.serialNumber, d]));
    expect(bySerial["ACME-DT-0003"]!.complianceOk).toBe(false); // not encrypted
    expect(bySerial["ACME-TB-0005"]!.complianceOk).toBe(false); // last check-in 45 days ago
    expect(bySerial["ACME-PH-0012"]!.complianceOk).toBe(false); // not encrypted
    expect(bySerial["ACME-DT-0011"]!.complianceOk).toBe(true); // RETIRED, unencrypted, never checked in
    expect(bySerial["ACME-LT-0008"]!.complianceOk).toBe(true); // SPARE, encrypted, checked in 12 days ago
  });

  it("says why a device is at risk, and that a RETIRED device is not assessed rather than compliant", async () => {
    const pick = (d: Device) => ({ compliance: d.compliance, complianceIssues: d.complianceIssues });
    const bySerial = Object.fromEntries((await list(ACME)).map((d) => [d.serialNumber, pick(d)]));
    expect(bySerial["ACME-DT-0003"]).toEqual({ compliance: "AT_RISK", complianceIssues: ["Disk not encrypted"] });
    expect(bySerial["ACME-TB-0005"]).toEqual({ compliance: "AT_RISK", complianceIssues: ["No check-in for 45 days"] });
    expect(bySerial["ACME-DT-0011"]).toEqual({ compliance: "NOT_ASSESSED", complianceIssues: [] });
    expect(bySerial["ACME-LT-0008"]).toEqual({ compliance: "COMPLIANT", complianceIssues: [] });
    // The same over tRPC: one serializer for both.
    const res = await server.request(
      `/trpc/devices.list?input=${encodeURIComponent(JSON.stringify({ q: "ACME-DT-0011" }))}`,
      {
        token: as(ACME),
      },
    );
    const body = (await res.json()) as { result: { data: Device[] } };
    expect(body.result.data.map(pick)).toEqual([{ compliance: "NOT_ASSESSED", complianceIssues: [] }]);
  });

  it("sorts by assignedUser ascending by default, empty values last, and by any column either way", async () => {
    const byUser = await list(ACME);
    const users = byUser.map((d) => d.assignedUser);
    const named = users.filter((u): u is string => u !== null);
    expect(named).toEqual([...named].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(users.slice(named.length)).toEqual([null, null, null]);

    const byWarrantyDesc = await list(ACME, "?sort=warrantyExpiry&dir=desc");
    const dates = byWarrantyDesc.map((d) => d.warrantyExpiry!);
    expect(dates).toEqual([...dates].sort().reverse());

    const byCheckIn = await list(ACME, "?sort=lastCheckIn&dir=asc");
    expect(byCheckIn.at(-1)!.serialNumber).toBe("ACME-DT-0011"); // never checked in: last
    expect(byCheckIn[0]!.serialNumber).toBe("ACME-TB-0005"); // 45 days ago: oldest

    const bad = await server.request("/api/devices?sort=password", { token: as(ACME) });
    expect(bad.status).toBe(400);
  });

  it("searches across the text fields and filters by status", async () => {
    expect(serials(await list(ACME, "?q=priya"))).toEqual(["ACME-LT-0002", "ACME-TB-0005"]);
    expect(serials(await list(ACME, "?q=ipad&sort=serialNumber"))).toEqual(["ACME-TB-0005", "ACME-TB-0006"]);
    expect(serials(await list(ACME, "?q=RAID"))).toEqual(["ACME-SV-0010"]); // notes
    expect(serials(await list(ACME, "?status=SPARE&sort=serialNumber"))).toEqual(["ACME-LT-0008", "ACME-PH-0009"]);
    expect(await list(ACME, "?status=all")).toHaveLength(12);
    // LIKE wildcards typed by the user are literal characters.
    expect(await list(ACME, "?q=%25")).toHaveLength(0);
    expect(await list(ACME, "?q=_")).toHaveLength(0);
    // A client's search never reaches another company's rows.
    expect(await list(ACME, "?q=Birch")).toHaveLength(0);
    expect(serials(await list(ADMIN, "?q=Birch%20Legal&status=SPARE"))).toEqual(["BIRCH-LT-0008"]);
  });
});

describe("device metrics", () => {
  const metrics = async (email: string, query = "") => {
    const res = await server.request(`/api/devices/metrics${query}`, { token: as(email) });
    expect(res.status).toBe(200);
    return (await res.json()) as DeviceMetrics;
  };

  it("counts the seed inventory of each company", async () => {
    // Acme: 8 in use, 2 spare; at risk DT-0003, TB-0005, PH-0012; warranty within 30 days or past:
    // LT-0002 (20 d), DT-0003 (-15 d), PH-0007 (10 d), DT-0011 (-400 d, retired), PH-0012 (25 d).
    expect(await metrics(ACME)).toEqual({ total: 12, inUse: 8, available: 2, atRisk: 3, warrantyExpiring: 5 });
    // Birch: at risk LT-0003 (40 d), TB-0007 and DT-0010 (unencrypted); warranty LT-0002, DT-0004, LT-0008, DT-0009.
    expect(await metrics("client@birch.test")).toEqual({
      total: 10,
      inUse: 7,
      available: 1,
      atRisk: 3,
      warrantyExpiring: 4,
    });
    expect(await metrics(ADMIN)).toEqual({ total: 22, inUse: 15, available: 3, atRisk: 6, warrantyExpiring: 9 });
    expect(await metrics(ADMIN, `?clientId=${birch}`)).toMatchObject({ total: 10 });
  });

  it("applies the list's filters and the client's tenant rule", async () => {
    expect(await metrics(ACME, "?status=SPARE")).toEqual({
      total: 2,
      inUse: 0,
      available: 2,
      atRisk: 0,
      warrantyExpiring: 0,
    });
    expect(await metrics(ACME, `?clientId=${birch}`)).toMatchObject({ total: 12 });
  });
});

describe("device writes and the tenant matrix", () => {
  it("lets a client edit its own device; empty strings and left-out fields become null", async () => {
    const id = await deviceId("ACME-PH-0012");
    const res = await server.request(`/api/devices/${id}`, {
      method: "PUT",
      token: as(ACME),
      json: {
        serialNumber: "ACME-PH-0012",
        assignedUser: "Tom Keller",
        email: "",
        deviceType: "phone",
        platform: "Android",
        model: "Samsung Galaxy A54",
        status: "IN_USE",
        location: "",
        encryptionEnabled: true,
        lastCheckIn: new Date().toISOString(),
        warrantyExpiry: "2027-01-31",
      },
    });
    expect(res.status).toBe(200);
    const device = (await res.json()) as Device;
    expect(device).toMatchObject({
      id,
      email: null,
      location: null,
      notes: null,
      purchaseDate: null,
      warrantyExpiry: "2027-01-31",
      complianceOk: true,
    });
  });

  it("answers the spec's message for a missing serial number and a bad email", async () => {
    const id = await deviceId("ACME-PH-0012");
    const res = await send("PUT", `/api/devices/${id}`, { serialNumber: " ", email: "nope" }, ACME);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string };
    expect(body.error).toContain("Serial number is required");
    expect(body.error).toContain("Invalid email address");
  });

  it("keeps a client of Acme away from Birch's devices over REST", async () => {
    const birchId = await deviceId("BIRCH-LT-0001");
    const put = await send("PUT", `/api/devices/${birchId}`, { serialNumber: "HACKED" }, ACME);
    expect(put.status).toBe(404);
    const del = await server.request(`/api/devices/${birchId}`, { method: "DELETE", token: as(ACME) });
    expect(del.status).toBe(403);
    const [row] = await server.services.db.select().from(devices).where(eq(devices.id, birchId));
    expect(row!.serialNumber).toBe("BIRCH-LT-0001");
  });

  it("keeps a client of Acme away from Birch's devices over tRPC", async () => {
    const birchId = await deviceId("BIRCH-LT-0001");
    const update = await send("POST", "/trpc/devices.update", { id: birchId, serialNumber: "HACKED" }, ACME);
    expect(update.status).toBe(404);
    const listed = await server.request(
      `/trpc/devices.list?input=${encodeURIComponent(JSON.stringify({ clientId: birch }))}`,
      { token: as(ACME) },
    );
    const body = (await listed.json()) as { result: { data: Device[] } };
    expect(body.result.data.every((d) => d.clientId === acme)).toBe(true);
    const del = await send("POST", "/trpc/devices.delete", { id: birchId }, ACME);
    expect(del.status).toBe(403);
  });

  it("lets a client add a device to its own company only", async () => {
    const res = await server.request("/api/devices", {
      method: "POST",
      token: as(ACME),
      json: {
        serialNumber: "ACME-NEW-1",
        clientId: birch,
        deviceType: "laptop",
        status: "SPARE",
        purchaseDate: "2025-03-01",
      },
    });
    expect(res.status).toBe(200);
    const device = (await res.json()) as Device;
    expect(device).toMatchObject({
      clientId: acme,
      serialNumber: "ACME-NEW-1",
      status: "SPARE",
      purchaseDate: "2025-03-01",
      encryptionEnabled: false,
      complianceOk: false,
    });
    const again = await send("POST", "/api/devices", { serialNumber: "ACME-NEW-1" }, ACME);
    expect(again.status).toBe(409);
  });

  it("makes staff name the company when adding a device", async () => {
    const missing = await send("POST", "/api/devices", { serialNumber: "X-1" }, ADMIN);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toBe("Please select a client");
    const res = await send("POST", "/api/devices", { serialNumber: "BIRCH-NEW-1", clientId: birch }, ADMIN);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Device).clientName).toBe("Birch Legal");
  });

  it("lets ADMIN and AGENT delete, never a VIEWER, and answers 404 for an unknown id", async () => {
    const id = await deviceId("BIRCH-NEW-1");
    const viewer = await server.request(`/api/devices/${id}`, { method: "DELETE", token: as("viewer@northwind.test") });
    expect(viewer.status).toBe(403);
    const agent = await server.request(`/api/devices/${id}`, { method: "DELETE", token: as("agent@northwind.test") });
    expect(agent.status).toBe(200);
    expect(await agent.json()).toEqual({ success: true });
    const gone = await server.request(`/api/devices/${id}`, { method: "DELETE", token: as(ADMIN) });
    expect(gone.status).toBe(404);
    const garbage = await server.request("/api/devices/not-a-uuid", { method: "DELETE", token: as(ADMIN) });
    expect(garbage.status).toBe(404);
  });

  it("refuses a serial number already used in the same company on edit", async () => {
    const id = await deviceId("ACME-LT-0008");
    const res = await send("PUT", `/api/devices/${id}`, { serialNumber: "ACME-LT-0001" }, ADMIN);
    expect(res.status).toBe(409);
  });
});

describe("CSV import", () => {
  const importCsv = async (json: Record<string, unknown>, email = ACME) => {
    const res = await server.request("/api/devices/import", { method: "POST", token: as(email), json });
    return { status: res.status, body: (await res.json()) as DeviceImportResult & { error?: string } };
  };
  const countAcme = async () =>
    (await server.services.db.select().from(devices).where(eq(devices.clientId, acme))).length;

  const header = "serialNumber,assignedUser,Device Type,platform,status,warrantyExpiry,encryptionEnabled,notes";
  /** A file of these rows under the header, its lines ended by `eol`. */
  const csvFile = (rows: string[], eol = "\n") => [header, ...rows].join(eol);
  /** A seeded laptop with its warranty renewed: a quoted note holding a comma, and a status by its label. */
  const RENEWED_LAPTOP =
    'ACME-LT-0001,Dana Whitfield,laptop,Windows,In Use,2028-01-01,true,"Renewed warranty, 3 years"';

  it("reports every row and writes nothing when one row is invalid", async () => {
    const before = await countAcme();
    const csv = csvFile(
      [
        "ACME-IMP-1,Ana Lopez,laptop,macOS,IN_USE,2027-05-01,yes,",
        RENEWED_LAPTOP,
        ",Nobody,toaster,BeOS,BROKEN,31/12/2027,maybe,",
        "ACME-IMP-1,Dup,laptop,macOS,SPARE,,,",
      ],
      "\r\n",
    );
    const { status, body } = await importCsv({ csv });
    expect(status).toBe(200);
    expect(body.applied).toBe(false);
    expect(body.rows).toEqual([
      { row: 2, serialNumber: "ACME-IMP-1", status: "created", errors: [] },
      { row: 3, serialNumber: "ACME-LT-0001", status: "updated", errors: [] },
      {
        row: 4,
        serialNumber: null,
        status: "error",
        errors: [
          'deviceType: "toaster" is not one of laptop, desktop, phone, tablet, server',
          'platform: "BeOS" is not one of macOS, Windows, Linux, iOS, Android, ChromeOS',
          'status: "BROKEN" is not one of IN_USE, SPARE, RETIRED, IN_REPAIR',
          'encryptionEnabled: "maybe" must be true or false',
          "serialNumber: Serial number is required",
          "warrantyExpiry: must be a date as YYYY-MM-DD",
        ],
      },
      {
        row: 5,
        serialNumber: "ACME-IMP-1",
        status: "error",
        errors: ["serialNumber: ACME-IMP-1 also appears on row 2"],
      },
    ]);
    expect(body).toMatchObject({ created: 1, updated: 1, failed: 2 });
    expect(await countAcme()).toBe(before);
  });

  it("writes nothing on a dry run of a valid file", async () => {
    const before = await countAcme();
    const { body } = await importCsv({ csv: csvFile(["ACME-IMP-2,Ana,laptop,macOS,SPARE,,no,"]), dryRun: true });
    expect(body).toMatchObject({ applied: false, dryRun: true, created: 1, failed: 0 });
    expect(await countAcme()).toBe(before);
  });

  it("applies a valid file in one go: creates new serials and updates existing ones, keeping columns the file lacks", async () => {
    const before = await countAcme();
    const csv = csvFile(["ACME-IMP-3,Ana Lopez,Laptop,macos,Available,2027-05-01,yes,", RENEWED_LAPTOP]);
    const { body } = await importCsv({ csv, clientId: birch });
    expect(body).toMatchObject({ applied: true, created: 1, updated: 1, failed: 0 });
    expect(await countAcme()).toBe(before + 1);
    const mine = Object.fromEntries((await list(ACME)).map((d) => [d.serialNumber, d]));
    expect(mine["ACME-IMP-3"]).toMatchObject({
      deviceType: "laptop",
      platform: "macOS",
      status: "SPARE",
      encryptionEnabled: true,
      clientId: acme,
    });
    expect(mine["ACME-LT-0001"]).toMatchObject({
      warrantyExpiry: "2028-01-01",
      notes: "Renewed warranty, 3 years",
      model: "Dell Latitude 5440",
      location: "Front office",
    });
  });

  it("upserts within the company: another company's serial is refused, not added a second time", async () => {
    const { body } = await importCsv(
      { csv: "serialNumber,model\nACME-LT-0001,Imported at Birch", clientId: birch },
      ADMIN,
    );
    expect(body).toMatchObject({ applied: false, created: 0, updated: 0, failed: 1 });
    const acmeLaptop = (await list(ACME)).find((d) => d.serialNumber === "ACME-LT-0001")!;
    expect(acmeLaptop.model).toBe("Dell Latitude 5440");
  });

  it("refuses a file it cannot use with a clear message", async () => {
    expect((await importCsv({ csv: "name,model\nx,y" })).body.error).toBe(
      "The CSV needs a header row with a serialNumber column",
    );
    expect((await importCsv({ csv: "serialNumber\n" })).body.error).toBe("The CSV has no device rows");
    expect((await importCsv({ csv: 'serialNumber\n"open' })).status).toBe(400);
    expect((await importCsv({ csv: "serialNumber\nX" }, ADMIN)).body.error).toBe("Please select a client");
    expect((await importCsv({ csv: "serialNumber\nX", clientId: acme }, "viewer@northwind.test")).status).toBe(403);
  });

  it("imports back an exported file unchanged", async () => {
    const exported = await (await server.request("/api/devices.csv", { token: as(ACME) })).text();
    const { body } = await importCsv({ csv: exported, dryRun: true });
    expect(body).toMatchObject({ failed: 0, created: 0, updated: 0, unchanged: body.rows.length });
  });
});

describe("CSV round trip and the clientName column", () => {
  const importCsv = async (json: Record<string, unknown>, email: string) => {
    const res = await server.request("/api/devices/import", { method: "POST", token: as(email), json });
    return { status: res.status, body: (await res.json()) as DeviceImportResult & { error?: string } };
  };
  const exportCsv = async (email: string, query = "") =>
    (await server.request(`/api/devices.csv${query}`, { token: as(email) })).text();
  /** Every device as staff read it, by id: what a round trip must leave exactly as it was. */
  const everyDevice = async () => [...(await list(ADMIN))].sort((a, b) => a.id.localeCompare(b.id));
  const companyOf = async (serial: string) => (await list(ADMIN)).find((d) => d.serialNumber === serial)?.clientName;

  it("imports an export of every company back, by staff into Acme, with no error and nothing changed", async () => {
    const before = await everyDevice();
    expect(new Set(before.map((d) => d.clientName))).toEqual(new Set(["Acme Dental", "Birch Legal"]));
    const exported = await exportCsv(ADMIN);

    const { status, body } = await importCsv({ csv: exported, clientId: acme }, ADMIN);
    expect(status).toBe(200);
    expect(body.rows.filter((r) => r.status === "error")).toEqual([]);
    expect(body).toMatchObject({ applied: true, created: 0, updated: 0, failed: 0, unchanged: before.length });
    // Same devices, same companies, same values, same versions: an unchanged row is not written.
    expect(await everyDevice()).toEqual(before);
  });

  it("exports the company staff filter by, which imports back unchanged with no company chosen", async () => {
    const exported = await exportCsv(ADMIN, `?clientId=${birch}`);
    expect(exported).toContain('"Birch Legal"');
    expect(exported).not.toContain('"Acme Dental"');
    const { body } = await importCsv({ csv: exported, dryRun: true }, AGENT);
    expect(body).toMatchObject({ failed: 0, created: 0, updated: 0 });
    expect(body.unchanged).toBe(body.rows.length);
  });

  it("files each staff row under the company its clientName names, the chosen company when it is empty", async () => {
    const csv = [
      "clientName,serialNumber,model",
      "Birch Legal,PICK-0001,Named Birch",
      ",PICK-0002,Left empty",
      "birch legal,PICK-0003,Named in lower case",
    ].join("\n");
    const { body } = await importCsv({ csv, clientId: acme }, ADMIN);
    expect(body).toMatchObject({ applied: true, created: 3, failed: 0 });
    expect(await companyOf("PICK-0001")).toBe("Birch Legal");
    expect(await companyOf("PICK-0002")).toBe("Acme Dental");
    expect(await companyOf("PICK-0003")).toBe("Birch Legal");

    // The same serial is updated in the company the row names, not added to the chosen one.
    const again = await importCsv(
      { csv: "Company,serialNumber,model\nBirch Legal,PICK-0001,Renamed", clientId: acme },
      AGENT,
    );
    expect(again.body).toMatchObject({ applied: true, created: 0, updated: 1 });
    expect((await list(ADMIN)).filter((d) => d.serialNumber === "PICK-0001").map((d) => d.model)).toEqual(["Renamed"]);
  });

  it("refuses a staff row naming an unknown company, with the reason, and writes nothing of the file", async () => {
    const before = await everyDevice();
    const csv = "clientName,serialNumber\nBirch Legal,PICK-0010\nCedar Dental,PICK-0011";
    const { body } = await importCsv({ csv, clientId: acme }, ADMIN);
    expect(body).toMatchObject({ applied: false, created: 1, failed: 1 });
    expect(body.rows[1]).toEqual({
      row: 3,
      serialNumber: "PICK-0011",
      status: "error",
      errors: ['clientName: no company is named "Cedar Dental"'],
    });
    expect(await everyDevice()).toEqual(before);
  });

  it("asks staff for a company only when a row names none", async () => {
    const named = await importCsv({ csv: "clientName,serialNumber\nAcme Dental,PICK-0020", dryRun: true }, ADMIN);
    expect(named.body).toMatchObject({ failed: 0, created: 1 });
    const unnamed = await importCsv({ csv: "clientName,serialNumber\nAcme Dental,PICK-0020\n,PICK-0021" }, ADMIN);
    expect(unnamed).toMatchObject({ status: 400, body: { error: "Please select a client" } });
  });

  it("refuses a serial a file gives to two companies", async () => {
    const csv = "clientName,serialNumber\nAcme Dental,PICK-0030\nBirch Legal,PICK-0030";
    const { body } = await importCsv({ csv, dryRun: true }, ADMIN);
    expect(body.failed).toBe(2);
    expect(body.rows[0]!.errors).toEqual([
      "serialNumber: PICK-0030 is given to another company on row 3; a device belongs to one company at a time",
    ]);
  });

  it("lets a client's row name its own company or none, and refuses any other, writing nothing", async () => {
    const before = await everyDevice();
    const csv = [
      "clientName,serialNumber,model",
      "Acme Dental,ACME-OWN-1,Named",
      ",ACME-OWN-2,Empty",
      "Birch Legal,ACME-OWN-3,Elsewhere",
    ].join("\n");
    const { body } = await importCsv({ csv, clientId: birch }, ACME);
    expect(body).toMatchObject({ applied: false, created: 2, failed: 1 });
    expect(body.rows[2]).toEqual({
      row: 4,
      serialNumber: "ACME-OWN-3",
      status: "error",
      errors: ['clientName: "Birch Legal" is not your company; leave it empty or write "Acme Dental"'],
    });
    expect(await everyDevice()).toEqual(before);

    // Birch's own export, imported by Acme's client: every row refused, Birch's devices untouched.
    const birchFile = await exportCsv(BIRCH);
    const refused = await importCsv({ csv: birchFile }, ACME);
    expect(refused.body.applied).toBe(false);
    expect(refused.body.failed).toBe(refused.body.rows.length);
    expect(await everyDevice()).toEqual(before);

    const fixed = await importCsv({ csv: csv.split("\n").slice(0, 3).join("\n") }, ACME);
    expect(fixed.body).toMatchObject({ applied: true, created: 2 });
    expect(await companyOf("ACME-OWN-1")).toBe("Acme Dental");
  });
});

describe("a serial number belongs to one company (add, edit and import alike)", () => {
  /** What a Birch client is told about Acme's serial: the rule, never the company. */
  const FOR_CLIENT =
    "Serial number ACME-LT-0001 is already registered to another company. A serial number identifies one device, and a device belongs to one company at a time: check the number, or contact us if the device has moved to you.";
  const FOR_STAFF =
    "Serial number ACME-LT-0001 is already registered to Acme Dental. A serial number identifies one device, and a device belongs to one company at a time: check the number, or delete the device there before adding it here.";
  const trpcError = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
  const birchSerials = async () =>
    (await server.services.db.select().from(devices).where(eq(devices.clientId, birch))).map((d) => d.serialNumber);

  it("refuses to add it over REST and tRPC: a client is told the rule, staff also the company", async () => {
    const before = await birchSerials();
    const rest = await send("POST", "/api/devices", { serialNumber: "ACME-LT-0001" }, BIRCH);
    expect(rest.status).toBe(409);
    expect(await rest.json()).toMatchObject({ error: FOR_CLIENT, code: "CONFLICT" });

    const trpc = await send("POST", "/trpc/devices.create", { serialNumber: " ACME-LT-0001 " }, BIRCH);
    expect(trpc.status).toBe(409);
    expect(await trpcError(trpc)).toBe(FOR_CLIENT);

    const staff = await send("POST", "/api/devices", { serialNumber: "ACME-LT-0001", clientId: birch }, ADMIN);
    expect(staff.status).toBe(409);
    expect(((await staff.json()) as { error: string }).error).toBe(FOR_STAFF);
    const staffTrpc = await send(
      "POST",
      "/trpc/devices.create",
      { serialNumber: "ACME-LT-0001", clientId: birch },
      AGENT,
    );
    expect(await trpcError(staffTrpc)).toBe(FOR_STAFF);
    expect(await birchSerials()).toEqual(before);
  });

  it("refuses to change a device's serial to it over REST and tRPC, and changes nothing", async () => {
    const id = await deviceId("BIRCH-LT-0001");
    const rest = await send("PUT", `/api/devices/${id}`, { serialNumber: "ACME-LT-0001" }, BIRCH);
    expect(rest.status).toBe(409);
    expect(((await rest.json()) as { error: string }).error).toBe(FOR_CLIENT);
    const trpc = await send("POST", "/trpc/devices.update", { id, serialNumber: "ACME-LT-0001" }, ADMIN);
    expect(trpc.status).toBe(409);
    expect(await trpcError(trpc)).toBe(FOR_STAFF);
    const [row] = await server.services.db.select().from(devices).where(eq(devices.id, id));
    expect(row!.serialNumber).toBe("BIRCH-LT-0001");
  });

  it("reports it on the import's row over REST and tRPC, and imports nothing of the file", async () => {
    const before = await birchSerials();
    const csv = "serialNumber,model\nBIRCH-IMP-1,New laptop\nACME-LT-0001,Typed wrong";
    const rest = await send("POST", "/api/devices/import", { csv }, BIRCH);
    const report = (await rest.json()) as DeviceImportResult;
    expect(report).toMatchObject({ applied: false, created: 1, failed: 1 });
    expect(report.rows[1]).toEqual({
      row: 3,
      serialNumber: "ACME-LT-0001",
      status: "error",
      errors: [`serialNumber: ${FOR_CLIENT}`],
    });
    expect(JSON.stringify(report)).not.toContain("Acme");

    const trpc = await send("POST", "/trpc/devices.import", { csv, clientId: birch, dryRun: true }, ADMIN);
    const staffReport = ((await trpc.json()) as { result: { data: DeviceImportResult } }).result.data;
    expect(staffReport.rows[1]!.errors).toEqual([`serialNumber: ${FOR_STAFF}`]);
    expect(await birchSerials()).toEqual(before);
  });

  it("still lets a company add, edit and import its own serials", async () => {
    const added = await send("POST", "/api/devices", { serialNumber: "BIRCH-OWN-1" }, BIRCH);
    expect(added.status).toBe(200);
    const id = ((await added.json()) as Device).id;
    const edited = await send("PUT", `/api/devices/${id}`, { serialNumber: "BIRCH-OWN-1", location: "Lobby" }, BIRCH);
    expect(edited.status).toBe(200);
    const again = await send("POST", "/api/devices/import", { csv: "serialNumber,model\nBIRCH-OWN-1,Updated" }, BIRCH);
    expect(await again.json()).toMatchObject({ applied: true, updated: 1, failed: 0 });
  });

  it("lets a device recorded twice before the rule be edited as long as its serial stays", async () => {
    // Two companies holding one serial can only come from before the rule: written here straight to the table.
    const [legacy] = await server.services.db
      .insert(devices)
      .values({ clientId: birch, serialNumber: "ACME-LT-0002", status: "IN_USE", encryptionEnabled: true })
      .returning({ id: devices.id });
    const edit = await send(
      "PUT",
      `/api/devices/${legacy!.id}`,
      { serialNumber: "ACME-LT-0002", location: "Annex" },
      BIRCH,
    );
    expect(edit.status).toBe(200);
    const csv = "serialNumber,location\nACME-LT-0002,Back office";
    expect(await (await send("POST", "/api/devices/import", { csv }, BIRCH)).json()).toMatchObject({ applied: true });
  });
});

describe("check-in history, flags and review (docs/features.md §12)", () => {
  const DAY = 86_400_000;
  const factsOf = (serial: string, os: string) => ({ hostname: serial.toLowerCase(), serial, os });
  /** Check-ins of the device `days` days ago each, as the check-in route stores them. */
  async function checkedIn(serial: string, days: number[]): Promise<string> {
    const { id, clientId } = await acmeDevice(serial);
    await server.services.db.insert(deviceFacts).values(
      days.map((d) => ({
        deviceId: id,
        clientId,
        reportedAt: new Date(Date.now() - d * DAY),
        facts: factsOf(serial, `Windows 11 (${d} days ago)`),
      })),
    );
    return id;
  }
  const history = (id: string, email: string, query = "") =>
    server.request(`/api/devices/${id}/history${query}`, { token: as(email) });
  /** Other tests add devices with the same serials to other companies: these are Acme's. */
  const deviceOf = async (client: string, serial: string) =>
    (await list(client)).find((d) => d.serialNumber === serial)!;
  const acmeDevice = (serial: string) => deviceOf(ACME, serial);
  /** Sets flags on the client's devices with these serials. */
  async function flagged(client: string, serials: string[], flags: Partial<Pick<Device, "stale" | "needsReview">>) {
    const ids = await Promise.all(serials.map(async (serial) => (await deviceOf(client, serial)).id));
    await server.services.db.update(devices).set(flags).where(inArray(devices.id, ids));
  }

  it("pages a device's check-ins newest first, 90 days at most, for staff and its own client only", async () => {
    const id = await checkedIn("ACME-LT-0002", [3, 1, 2, 91]);
    const first = await history(id, AGENT, "?limit=2");
    expect(first.status).toBe(200);
    const page1 = (await first.json()) as DeviceHistoryPage;
    expect(page1.checkins.map((c) => c.facts.os)).toEqual(["Windows 11 (1 days ago)", "Windows 11 (2 days ago)"]);
    expect(page1.nextCursor).toBe(page1.checkins[1]!.id);
    const page2 = (await (await history(id, ACME, `?limit=2&cursor=${page1.nextCursor}`)).json()) as DeviceHistoryPage;
    // The check-in of 91 days ago is past the 90 kept, even before housekeeping purges it.
    expect(page2).toEqual({
      checkins: [expect.objectContaining({ facts: factsOf("ACME-LT-0002", "Windows 11 (3 days ago)") })],
      nextCursor: null,
    });
    expect(new Date(page2.checkins[0]!.reportedAt).toISOString()).toBe(page2.checkins[0]!.reportedAt);

    // Another company's client is told the device does not exist, over REST and tRPC alike.
    expect((await history(id, BIRCH)).status).toBe(404);
    const trpc = await server.request(`/trpc/devices.history?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
      token: as(BIRCH),
    });
    expect(trpc.status).toBe(404);
    expect((await history("not-a-uuid", ADMIN)).status).toBe(404);
    expect((await history(id, VIEWER)).status).toBe(200);
    expect((await server.request(`/api/devices/${id}/history`)).status).toBe(401);
  });

  it("refuses a cursor that is not one of the device's check-ins", async () => {
    const other = await checkedIn("ACME-LT-0001", [1]);
    const [otherRow] = await server.services.db
      .select({ id: deviceFacts.id })
      .from(deviceFacts)
      .where(eq(deviceFacts.deviceId, other));
    const { id } = await acmeDevice("ACME-LT-0002");
    const res = await history(id, ADMIN, `?cursor=${otherRow!.id}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/start again from the first page/);
  });

  it("filters the list, the page, the counters and the CSV by a check-in flag", async () => {
    await flagged(ACME, ["ACME-LT-0002"], { needsReview: true });
    await flagged(BIRCH, ["BIRCH-LT-0001"], { needsReview: true });
    await flagged(ACME, ["ACME-DT-0003"], { stale: true });
    try {
      expect(serials(await list(ADMIN, "?flag=needsReview")).sort()).toEqual(["ACME-LT-0002", "BIRCH-LT-0001"]);
      expect(serials(await list(ACME, "?flag=needsReview"))).toEqual(["ACME-LT-0002"]);
      expect(serials(await list(ACME, "?flag=stale"))).toEqual(["ACME-DT-0003"]);
      expect(await list(ACME, "?flag=all")).toHaveLength((await list(ACME)).length);
      expect(serials(await list(ADMIN, `?flag=needsReview&clientId=${birch}`))).toEqual(["BIRCH-LT-0001"]);

      const page = await server.request("/api/devices/page?flag=needsReview&limit=1", { token: as(ADMIN) });
      const body = (await page.json()) as { devices: Device[]; nextCursor: string | null };
      expect(body.devices).toHaveLength(1);
      expect(body.nextCursor).not.toBeNull();

      const metrics = await server.request("/api/devices/metrics?flag=stale", { token: as(ACME) });
      expect(((await metrics.json()) as DeviceMetrics).total).toBe(1);

      const csv = await (await server.request("/api/devices.csv?flag=needsReview", { token: as(ACME) })).text();
      expect(csv).toContain("ACME-LT-0002");
      expect(csv.trim().split("\n")).toHaveLength(2);

      const bad = await server.request("/api/devices?flag=broken", { token: as(ADMIN) });
      expect(bad.status).toBe(400);
    } finally {
      await flagged(ACME, ["ACME-LT-0002", "ACME-DT-0003"], { needsReview: false, stale: false });
      await flagged(BIRCH, ["BIRCH-LT-0001"], { needsReview: false });
    }
  });

  it("lets ADMIN and AGENT mark a device reviewed, which clears the flag; never a VIEWER or a client", async () => {
    await flagged(ACME, ["ACME-PH-0007"], { needsReview: true });
    await flagged(BIRCH, ["BIRCH-LT-0002"], { needsReview: true });
    const { id } = await acmeDevice("ACME-PH-0007");
    const review = (email: string, deviceId = id) =>
      server.request(`/api/devices/${deviceId}/review`, { method: "POST", token: as(email) });

    expect((await review(VIEWER)).status).toBe(403);
    expect((await review(ACME)).status).toBe(403);
    expect(serials(await list(ACME, "?flag=needsReview"))).toEqual(["ACME-PH-0007"]);

    const res = await review(AGENT);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Device).needsReview).toBe(false);
    expect(await list(ACME, "?flag=needsReview")).toEqual([]);
    // A repeat changes nothing and still answers the device.
    const again = await review(ADMIN);
    expect(again.status).toBe(200);

    const trpc = await send(
      "POST",
      "/trpc/devices.markReviewed",
      { id: (await deviceOf(BIRCH, "BIRCH-LT-0002")).id },
      ADMIN,
    );
    expect(trpc.status).toBe(200);
    expect(await list(ADMIN, "?flag=needsReview")).toEqual([]);
    expect((await review(ADMIN, "00000000-0000-7000-8000-000000000000")).status).toBe(404);
  });
});
