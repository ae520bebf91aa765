// The public status page's data (docs/features.md §18): Atlassian Statuspage's public summary shape
// (`/status/api/v2/summary.json`, decision 0054) and an Atom feed. Only incidents marked public appear;
// company names and linked tickets never do (the serializers below name neither).
import { site } from "@repo/content";
import { and, type DbExecutor, eq, gte, incidents } from "@repo/db";
import {
  INCIDENT_HISTORY_DAYS,
  INCIDENT_IMPACTS,
  type Incident,
  type IncidentImpact,
  incidentHasBegun,
  type ManagedService,
} from "@repo/validators";
import { systemScope } from "../auth/scope.js";
import { readIncidents } from "./incidents.js";
import { listServices } from "./services.js";
import { readIdentity } from "../site-content/published.js";

const scope = systemScope("status-page");

const COMPONENT_STATUS: Record<IncidentImpact, string> = {
  none: "operational",
  minor: "degraded_performance",
  major: "partial_outage",
  critical: "major_outage",
};
const INDICATOR_TEXT: Record<IncidentImpact | "maintenance", string> = {
  none: "All Systems Operational",
  minor: "Minor Service Outage",
  major: "Partial System Outage",
  critical: "Major Service Outage",
  maintenance: "Service Under Maintenance",
};

const isMaintenance = (i: Incident) => i.scheduledFor !== null;
const isOpen = (i: Incident) => i.status !== "RESOLVED";

/** A maintenance window's Statuspage status: scheduled, in progress, verifying (monitoring), completed. */
function maintenanceStatus(i: Incident, now: Date): string {
  if (i.status === "RESOLVED") return "completed";
  if (!incidentHasBegun(i, now)) return "scheduled";
  return i.status === "MONITORING" ? "verifying" : "in_progress";
}

/** The public incidents of the last 90 days, newest first. */
export async function publicIncidents(db: DbExecutor, now: Date): Promise<Incident[]> {
  const since = new Date(now.getTime() - INCIDENT_HISTORY_DAYS * 24 * 60 * 60_000);
  return readIncidents(db, scope, and(eq(incidents.isPublic, true), gte(incidents.createdAt, since)), 500);
}

const worse = (a: IncidentImpact, b: IncidentImpact) =>
  INCIDENT_IMPACTS.indexOf(a) >= INCIDENT_IMPACTS.indexOf(b) ? a : b;

function componentStatuses(services: ManagedService[], active: Incident[]) {
  const impact = new Map<string, IncidentImpact>();
  const underMaintenance = new Set<string>();
  for (const incident of active) {
    for (const s of incident.services) {
      if (isMaintenance(incident)) underMaintenance.add(s.id);
      else impact.set(s.id, worse(impact.get(s.id) ?? "none", incident.impact));
    }
  }
  return services.map((s, position) => {
    const worst = impact.get(s.id) ?? "none";
    const status = worst === "none" && underMaintenance.has(s.id) ? "under_maintenance" : COMPONENT_STATUS[worst];
    return { service: s, status, position: position + 1 };
  });
}

/** The page's header: the provider's published name (its time zone is the built-in one: not edited). */
const page = async (db: DbExecutor, now: Date, baseUrl: string) => ({
  id: "status",
  name: (await readIdentity(db)).name,
  url: `${baseUrl}/status`,
  time_zone: site.timeZone,
  updated_at: now.toISOString(),
});

function incidentJson(i: Incident, statusOf: (i: Incident) => string) {
  const components = i.services.map((s) => ({ id: s.id, name: s.name }));
  return {
    id: i.id,
    name: i.title,
    status: statusOf(i),
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    monitoring_at: i.updates.find((u) => u.status === "MONITORING")?.createdAt ?? null,
    resolved_at: i.resolvedAt,
    impact: i.impact,
    shortlink: null,
    started_at: i.scheduledFor ?? i.createdAt,
    page_id: "status",
    scheduled_for: i.scheduledFor,
    scheduled_until: i.scheduledUntil,
    incident_updates: i.updates.map((u) => ({
      id: u.id,
      status: statusOf({ ...i, status: u.status }),
      body: u.message,
      incident_id: i.id,
      created_at: u.createdAt,
      updated_at: u.createdAt,
      display_at: u.createdAt,
      affected_components: null,
    })),
    components,
  };
}

/** Statuspage's `/api/v2/summary.json`: components, unresolved incidents, open maintenance, the indicator. */
export async function statusSummary(db: DbExecutor, now: Date, baseUrl: string) {
  const [services, recent] = await Promise.all([listServices(db, scope, now), publicIncidents(db, now)]);
  const active = recent.filter((i) => isOpen(i) && incidentHasBegun(i, now));
  const components = componentStatuses(services, active).map(({ service, status, position }) => ({
    id: service.id,
    name: service.name,
    status,
    created_at: null,
    updated_at: now.toISOString(),
    position,
    description: service.description || null,
    showcase: true,
    start_date: null,
    group_id: null,
    page_id: "status",
    group: false,
    only_show_if_degraded: false,
  }));
  const unresolved = active.filter((i) => !isMaintenance(i));
  const indicator = unresolved.reduce<IncidentImpact>((w, i) => worse(w, i.impact), "none");
  const maintaining = active.some(isMaintenance);
  const shown = indicator === "none" && maintaining ? "maintenance" : indicator;
  return {
    page: await page(db, now, baseUrl),
    components,
    incidents: unresolved.map((i) => incidentJson(i, (x) => x.status.toLowerCase())),
    scheduled_maintenances: recent
      .filter((i) => isMaintenance(i) && isOpen(i))
      .map((i) => incidentJson(i, (x) => maintenanceStatus(x, now))),
    status: { indicator: shown, description: INDICATOR_TEXT[shown] },
  };
}

/** Statuspage's `/api/v2/incidents.json`: the public incidents and windows of the last 90 days. */
export async function statusHistory(db: DbExecutor, now: Date, baseUrl: string) {
  const recent = await publicIncidents(db, now);
  return {
    page: await page(db, now, baseUrl),
    incidents: recent.map((i) =>
      incidentJson(i, (x) => (isMaintenance(x) ? maintenanceStatus(x, now) : x.status.toLowerCase())),
    ),
  };
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The Atom feed of the public incidents (RFC 4287): one entry per incident, its updates in its content. */
export async function statusFeed(db: DbExecutor, now: Date, baseUrl: string): Promise<string> {
  const [recent, { name }] = await Promise.all([publicIncidents(db, now), readIdentity(db)]);
  const updated = recent[0]?.updatedAt ?? now.toISOString();
  const entries = recent.map((i) => {
    const content = i.updates
      .map((u) => `<p><strong>${xml(u.status)}</strong> (${xml(u.createdAt)}): ${xml(u.message)}</p>`)
      .join("");
    return [
      "<entry>",
      `<id>urn:uuid:${i.id}</id>`,
      `<title>${xml(i.title)}</title>`,
      `<published>${i.createdAt}</published>`,
      `<updated>${i.updatedAt}</updated>`,
      `<link rel="alternate" type="text/html" href="${xml(`${baseUrl}/status#incident-${i.id}`)}"/>`,
      `<content type="html">${xml(content)}</content>`,
      "</entry>",
    ].join("");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${xml(`${baseUrl}/status`)}</id>`,
    `<title>${xml(`${name} status`)}</title>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xml(`${baseUrl}/status/history.atom`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xml(`${baseUrl}/status`)}"/>`,
    `<author><name>${xml(name)}</name></author>`,
    ...entries,
    "</feed>",
  ].join("\n");
}
