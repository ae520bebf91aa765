// The public status routes (docs/features.md §18): the summary validated against Atlassian Statuspage's
// public summary shape; only incidents marked public; no company name anywhere; the Atom feed.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { Incident, ManagedService } from "@repo/validators";
import { ADMIN, AGENT, demoCompanies } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT]);

const call = async <T>(method: string, path: string, json: unknown, email = ADMIN): Promise<T> => {
  const res = await server.request(path, { method, json, token: tokens[email] });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
};

// Statuspage's summary (https://metastatuspage.com/api#summary), the fields aggregators read.
const timestamp = z.iso.datetime({ offset: true });
const update = z.object({
  id: z.string(),
  status: z.string(),
  body: z.string(),
  incident_id: z.string(),
  created_at: timestamp,
  updated_at: timestamp,
  display_at: timestamp,
});
const incident = (statuses: readonly string[]) =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(statuses as [string, ...string[]]),
    created_at: timestamp,
    updated_at: timestamp,
    monitoring_at: timestamp.nullable(),
    resolved_at: timestamp.nullable(),
    impact: z.enum(["none", "minor", "major", "critical"]),
    shortlink: z.string().nullable(),
    page_id: z.string(),
    incident_updates: z.array(update),
    components: z.array(z.object({ id: z.string(), name: z.string() })),
  });
const summarySchema = z.object({
  page: z.object({ id: z.string(), name: z.string(), url: z.url(), time_zone: z.string(), updated_at: timestamp }),
  components: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"]),
      position: z.number().int(),
      description: z.string().nullable(),
      group_id: z.string().nullable(),
      page_id: z.string(),
      group: z.boolean(),
      only_show_if_degraded: z.boolean(),
    }),
  ),
  incidents: z.array(incident(["investigating", "identified", "monitoring", "resolved", "postmortem"])),
  scheduled_maintenances: z.array(
    incident(["scheduled", "in_progress", "verifying", "completed"]).extend({
      scheduled_for: timestamp,
      scheduled_until: timestamp,
    }),
  ),
  status: z.object({
    indicator: z.enum(["none", "minor", "major", "critical", "maintenance"]),
    description: z.string(),
  }),
});
type Summary = z.infer<typeof summarySchema>;

async function summary(): Promise<Summary> {
  const res = await server.request("/status/api/v2/summary.json");
  expect(res.status).toBe(200);
  const text = await res.text();
  // The company names never leave the provider (issue 43, settled).
  expect(text).not.toContain("Acme Dental");
  return summarySchema.parse(JSON.parse(text));
}

describe("the Statuspage summary", () => {
  it("has Statuspage's shape, shows public incidents only, and names no company", async () => {
    const { acme, birch } = await demoCompanies(server);
    const before = await summary();
    expect(before.status).toEqual({ indicator: "none", description: "All Systems Operational" });

    const mail = await call<ManagedService>("POST", "/api/services", {
      name: "Microsoft 365",
      clientIds: [acme, birch],
    });
    const backups = await call<ManagedService>("POST", "/api/services", { name: "Backups", clientIds: [acme] });
    const shown = await call<Incident>(
      "POST",
      "/api/incidents",
      {
        title: "Mail delayed",
        message: "Inbound mail is delayed.",
        impact: "major",
        isPublic: true,
        serviceIds: [mail.id],
        clientIds: [acme],
      },
      AGENT,
    );
    const hidden = await call<Incident>(
      "POST",
      "/api/incidents",
      {
        title: "Acme Dental backup job stuck",
        message: "Private to the desk.",
        impact: "critical",
        serviceIds: [backups.id],
      },
      AGENT,
    );
    const window = await call<Incident>(
      "POST",
      "/api/incidents",
      {
        title: "Backup storage upgrade",
        message: "Planned.",
        impact: "none",
        isPublic: true,
        serviceIds: [backups.id],
        maintenance: { scheduledFor: "2099-03-01T02:00:00Z", scheduledUntil: "2099-03-01T04:00:00Z" },
      },
      AGENT,
    );

    const after = await summary();
    expect(after.status).toEqual({ indicator: "major", description: "Partial System Outage" });
    expect(after.incidents.map((i) => i.id)).toEqual([shown.id]);
    expect(after.incidents[0]).toMatchObject({
      status: "investigating",
      impact: "major",
      components: [{ name: "Microsoft 365" }],
    });
    expect(after.scheduled_maintenances.map((m) => [m.id, m.status])).toEqual([[window.id, "scheduled"]]);
    const byName = Object.fromEntries(after.components.map((c) => [c.name, c.status]));
    expect(byName["Microsoft 365"]).toBe("partial_outage");
    // The critical incident is not public: it moves nothing on the public page.
    expect(byName.Backups).toBe("operational");
    expect(JSON.stringify(after)).not.toContain(hidden.id);

    await call(
      "POST",
      `/api/incidents/${shown.id}/updates`,
      { status: "RESOLVED", message: "Mail flows again." },
      AGENT,
    );
    const resolved = await summary();
    expect(resolved.incidents).toEqual([]);
    expect(resolved.status.indicator).toBe("none");
  });
});

describe("the Atom feed", () => {
  it("lists the public incidents with their updates, never the private ones", async () => {
    const { acme } = await demoCompanies(server);
    const shown = await call<Incident>(
      "POST",
      "/api/incidents",
      {
        title: "VPN <slow> & flaky",
        message: "Investigating slow VPN logins.",
        isPublic: true,
        clientIds: [acme],
      },
      AGENT,
    );
    await call("POST", "/api/incidents", { title: "Private VPN note", message: "x", clientIds: [acme] }, AGENT);
    const res = await server.request("/status/history.atom");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/atom+xml");
    const feed = await res.text();
    expect(feed).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect(feed).toContain(`<id>urn:uuid:${shown.id}</id>`);
    expect(feed).toContain("<title>VPN &lt;slow&gt; &amp; flaky</title>");
    expect(feed).toContain("Investigating slow VPN logins.");
    expect(feed).not.toContain("Private VPN note");
    expect(feed).not.toContain("Acme Dental");
  });
});
