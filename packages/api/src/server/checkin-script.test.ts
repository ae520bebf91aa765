// The bash check-in script, run for real on this machine against a started server (docs/features.md §12):
// downloaded with its URL and token filled in, its payload valid by the route's own schema, and its
// one-shot `send` adding this machine with its serial (or the fallback identifier), OS and disk facts.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { devices, eq } from "@repo/db";
import { checkinPayloadSchema } from "@repo/validators";
import { ACME, ADMIN, AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const run = promisify(execFile);
const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);
let acme: string;
let birch: string;
let secret: string;

const download = (clientId: string, token: string, as = ADMIN, platform = "linux") =>
  server.request(`/api/clients/${clientId}/checkin-script?platform=${platform}`, {
    token: tokens[as],
    headers: { "x-enrolment-token": token },
  });

/** What the script reads as this machine's serial: the firmware's, else the machine id it falls back to. */
async function expectedSerial(): Promise<string> {
  const firmware = await readFile("/sys/class/dmi/id/product_serial", "utf8").catch(() => "");
  if (firmware.trim() && firmware.trim() !== "To be filled by O.E.M.") return firmware.trim();
  return `linux-${(await readFile("/etc/machine-id", "utf8")).trim()}`;
}

beforeAll(async () => {
  ({ acme, birch } = await demoCompanies(server));
  const res = await server.request(`/api/clients/${acme}/enrolment-tokens`, {
    method: "POST",
    token: tokens[ADMIN],
    json: { label: "Linux laptops" },
  });
  secret = ((await res.json()) as { secret: string }).secret;
});

describe("GET /api/clients/{id}/checkin-script", () => {
  it("serves a readable bash script under 150 lines with the URL and token filled in", async () => {
    const res = await download(acme, secret);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="checkin.sh"');
    const script = await res.text();
    expect(script.startsWith("#!/usr/bin/env bash\n")).toBe(true);
    expect(script.split("\n").length).toBeLessThan(150);
    expect(script).toContain(`CHECKIN_URL="\${CHECKIN_URL:-${server.url}}"`);
    expect(script).toContain(`CHECKIN_TOKEN="\${CHECKIN_TOKEN:-${secret}}"`);
  });

  it("refuses an agent, another company's token, a made-up token and an unknown platform", async () => {
    expect((await download(acme, secret, AGENT)).status).toBe(403);
    expect((await download(acme, secret, ACME)).status).toBe(403);
    expect((await download(birch, secret)).status).toBe(400);
    expect((await download(acme, "ckin_made-up")).status).toBe(400);
    expect((await download(acme, secret, ADMIN, "solaris")).status).toBe(400);
  });

  it("serves the PowerShell script for windows, filled in the same way", async () => {
    const res = await download(acme, secret, ADMIN, "windows");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="checkin.ps1"');
    const script = await res.text();
    expect(script.split("\n").length).toBeLessThan(150);
    expect(script).toContain(`$CheckinUrl = "${server.url}"`);
    expect(script).toContain(`$CheckinToken = "${secret}"`);
    expect(script).not.toContain("__CHECKIN_");
  });

  // PowerShell does not run here: its payload is checked from fixtures in the format ConvertTo-Json
  // writes (-Compress for Send, the indented one of Print), by the route's own schema and over HTTP.
  it.each(["checkin-windows-send.txt", "checkin-windows-print.txt"])(
    "takes the PowerShell payload %s",
    async (name) => {
      const text = await readFile(new URL(`../devices/fixtures/${name}`, import.meta.url), "utf8");
      const payload = checkinPayloadSchema.parse(JSON.parse(text));
      const res = await server.request("/api/devices/checkin", {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json; charset=utf-8" },
        body: text,
      });
      expect(res.status).toBe(201);
      const [device] = await server.services.db.select().from(devices).where(eq(devices.serialNumber, payload.serial));
      expect(device).toMatchObject({
        clientId: acme,
        platform: "Windows",
        encryptionEnabled: payload.encryption!.enabled,
      });
    },
  );

  it("runs on this machine: its payload passes the schema and its send adds the device", async () => {
    const dir = await mkdtemp(join(tmpdir(), "checkin-"));
    const file = join(dir, "checkin.sh");
    await writeFile(file, await (await download(acme, secret)).text(), { mode: 0o700 });
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: dir, LANG: "C" };

    const printed = await run("bash", [file, "print"], { env, timeout: 30_000 });
    const payload = checkinPayloadSchema.parse(JSON.parse(printed.stdout));
    expect(payload.serial).toBe(await expectedSerial());

    const sent = await run("bash", [file, "send"], { env, timeout: 60_000 });
    const { deviceId } = JSON.parse(sent.stdout) as { deviceId: string };
    const [device] = await server.services.db.select().from(devices).where(eq(devices.id, deviceId));
    expect(device).toMatchObject({ clientId: acme, serialNumber: await expectedSerial(), needsReview: true });
    expect(device!.facts!.os).toMatch(/\S/);
    expect(device!.facts!.diskTotalBytes).toBeGreaterThan(0);
    expect(device!.facts!.diskFreeBytes).toBeLessThanOrEqual(device!.facts!.diskTotalBytes!);
  });
});
