import { beforeAll, describe, expect, it } from "vitest";
import { devices, eq } from "@repo/db";
import { DEVICE_IMPORT_COLUMNS } from "@repo/validators";
import { parseCsv } from "../devices/csv.js";
import { demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server } = serverForFile();
let birch: string;

beforeAll(async () => {
  ({ birch } = await demoCompanies(server));
});

const rowsOf = async (res: Response) => {
  const [header, ...rows] = parseCsv(await res.text()).map((r) => r.cells);
  return rows.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!])));
};

describe("GET /api/devices.csv", () => {
  it("downloads the client's own devices as devices.csv, ignoring its clientId parameter", async () => {
    const token = await server.login("client@acme.test");
    const res = await server.request(`/api/devices.csv?clientId=${birch}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="devices.csv"');
    const rows = await rowsOf(res);
    expect(rows).toHaveLength(12);
    expect(new Set(rows.map((r) => r.clientName))).toEqual(new Set(["Acme Dental"]));
    expect(rows[0]).toMatchObject({ assignedUser: "Dana Whitfield", serialNumber: expect.stringMatching(/^ACME-/) });
    expect(rows.find((r) => r.serialNumber === "ACME-DT-0003")).toMatchObject({
      complianceOk: "false",
      compliance: "AT_RISK",
      complianceIssues: "Disk not encrypted",
      encryptionEnabled: "false",
    });
    // Retired, unencrypted, never checked in: not assessed, and so not at risk.
    expect(rows.find((r) => r.serialNumber === "ACME-DT-0011")).toMatchObject({
      complianceOk: "true",
      compliance: "NOT_ASSESSED",
      complianceIssues: "",
    });
  });

  it("applies the list's query: status, search and sort", async () => {
    const token = await server.login("admin@northwind.test");
    const res = await server.request("/api/devices.csv?status=SPARE&sort=serialNumber&dir=desc", { token });
    expect((await rowsOf(res)).map((r) => r.serialNumber)).toEqual(["BIRCH-LT-0008", "ACME-PH-0009", "ACME-LT-0008"]);
    const one = await server.request(`/api/devices.csv?clientId=${birch}&q=synology`, { token });
    expect((await rowsOf(one)).map((r) => r.serialNumber)).toEqual(["BIRCH-SV-0005"]);
  });

  it("accepts the session cookie and refuses an anonymous caller or a bad query", async () => {
    const login = await server.request("/api/client/login", {
      method: "POST",
      json: { email: "client@birch.test", password: "demo-password" },
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const res = await server.request("/api/devices.csv", { headers: { cookie } });
    expect(res.status).toBe(200);
    expect((await rowsOf(res)).every((r) => r.clientName === "Birch Legal")).toBe(true);
    expect((await server.request("/api/devices.csv")).status).toBe(401);
    const token = await server.login("client@birch.test");
    const bad = await server.request("/api/devices.csv?sort=nope", { token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("quotes every field and neutralises formula-like cells", async () => {
    const id = (
      await server.services.db.select({ id: devices.id }).from(devices).where(eq(devices.serialNumber, "ACME-LT-0001"))
    )[0]!.id;
    await server.services.db
      .update(devices)
      .set({
        assignedUser: '=HYPERLINK("http://evil.example","Click")',
        notes: 'Line one, "two"\nline three',
        location: "@reception",
      })
      .where(eq(devices.id, id));
    const token = await server.login("client@acme.test");
    const bytes = new Uint8Array(
      await (await server.request("/api/devices.csv?q=ACME-LT-0001", { token })).arrayBuffer(),
    );
    // A UTF-8 byte-order mark first, so Excel reads accents correctly.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row] = new TextDecoder().decode(bytes).split("\r\n");
    expect(header).toBe(
      '"clientName","assignedUser","email","deviceType","platform","model","serialNumber","assetTag","status","location","purchaseDate","warrantyExpiry","lastCheckIn","encryptionEnabled","notes","complianceOk","compliance","complianceIssues"',
    );
    expect(row).toContain('"\'=HYPERLINK(""http://evil.example"",""Click"")"');
    expect(row).toContain('"\'@reception"');
    expect(row).toContain('"Line one, ""two""\nline three"');
  });
});

describe("GET /api/devices/import-template.csv", () => {
  it("serves the import's columns and one example row that passes the import's check, to anyone", async () => {
    const res = await server.request("/api/devices/import-template.csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="devices-template.csv"');
    const csv = await res.text();
    const [header, ...rows] = parseCsv(csv).map((r) => r.cells);
    expect(header).toEqual([...DEVICE_IMPORT_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect(rows[0]![header!.indexOf("serialNumber")]).toBe("EXAMPLE-0001");

    const token = await server.login("client@acme.test");
    const check = await server.request("/api/devices/import", { method: "POST", token, json: { csv, dryRun: true } });
    expect(await check.json()).toMatchObject({ applied: false, created: 1, updated: 0, failed: 0 });
  });
});
