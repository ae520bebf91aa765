// The payloads alert intake understands (docs/features.md §13), each mapped to our generic alert: our own
// shape, Uptime Kuma's webhook notification, Zabbix's webhook media type (with the parameters we
// document) and Tactical RMM's alert URL action (with the body template we document). The format is
// told by the payload's own keys, so one URL serves every tool.
import { type GenericAlert, genericAlertSchema } from "@repo/validators";
import { InvalidError } from "../errors.js";

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== ""
    ? value.trim()
    : typeof value === "number"
      ? String(value)
      : undefined;

/** Which tool a payload comes from, by the keys only that tool sends. */
export function formatOf(body: Json): "uptime-kuma" | "zabbix" | "tactical-rmm" | "generic" {
  if ("heartbeat" in body && "monitor" in body) return "uptime-kuma";
  if ("event_value" in body && ("host_name" in body || "host_host" in body)) return "zabbix";
  if ("agent_id" in body && "alert_type" in body) return "tactical-rmm";
  return "generic";
}

/**
 * Uptime Kuma's webhook: `{ heartbeat: { status, msg, time }, monitor: { name, hostname, url }, msg }`.
 * Status 0 is down (firing), 1 up (resolved); pending (2) and maintenance (3) are not alerts, and its
 * "Test" button sends `heartbeat: null`: both answer null (ignored).
 */
function fromUptimeKuma(body: Json): unknown {
  const heartbeat = body.heartbeat;
  const monitor = isObject(body.monitor) ? body.monitor : {};
  if (!isObject(heartbeat) || (heartbeat.status !== 0 && heartbeat.status !== 1)) return null;
  let host = str(monitor.hostname);
  if (!host && typeof monitor.url === "string") {
    try {
      host = new URL(monitor.url).hostname || undefined;
    } catch {
      host = undefined;
    }
  }
  // Kuma writes the time as "YYYY-MM-DD HH:mm:ss.SSS" in UTC, without the zone.
  const time = str(heartbeat.time);
  const occurredAt = time && /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/.test(time) ? `${time.replace(" ", "T")}Z` : undefined;
  return {
    source: "uptime-kuma",
    hostname: host ?? str(monitor.name),
    check: str(monitor.name),
    status: heartbeat.status === 0 ? "firing" : "resolved",
    severity: "high",
    message: str(heartbeat.msg) ?? str(body.msg) ?? "",
    occurredAt: occurredAt && !Number.isNaN(Date.parse(occurredAt)) ? occurredAt : undefined,
  };
}

/** Zabbix's severities ({EVENT.SEVERITY}, or {EVENT.NSEVERITY} 0-5) to ours. */
const ZABBIX_SEVERITY: Record<string, GenericAlert["severity"]> = {
  disaster: "critical",
  "5": "critical",
  high: "high",
  "4": "high",
  average: "warning",
  "3": "warning",
  warning: "warning",
  "2": "warning",
  information: "info",
  "1": "info",
  "not classified": "info",
  "0": "info",
};

/**
 * Zabbix's webhook media type posts the parameters it is given: `event_value` ({EVENT.VALUE}: 1 problem,
 * 0 resolved), `host_name` ({HOST.NAME}) or `host_host` ({HOST.HOST}), optionally `host_serial`
 * ({INVENTORY.SERIALNO.A}), `trigger_name` ({TRIGGER.NAME}) or `event_name` ({EVENT.NAME}),
 * `event_severity`, and `alert_message` ({ALERT.MESSAGE}).
 */
function fromZabbix(body: Json): unknown {
  const value = str(body.event_value);
  const severity = str(body.event_nseverity) ?? str(body.event_severity);
  return {
    source: "zabbix",
    hostname: str(body.host_host) ?? str(body.host_name),
    deviceSerial: str(body.host_serial),
    check: str(body.trigger_name) ?? str(body.event_name),
    status: value === "1" ? "firing" : value === "0" ? "resolved" : value,
    severity: (severity && ZABBIX_SEVERITY[severity.toLowerCase()]) ?? "warning",
    message: str(body.alert_message) ?? str(body.event_name) ?? "",
  };
}

const TACTICAL_SEVERITY: Record<string, GenericAlert["severity"]> = { error: "high", warning: "warning", info: "info" };

/**
 * Tactical RMM's alert URL action posts the body template its admin writes; ours (docs/features.md §13)
 * sends `agent_id`, `hostname` ({{agent.hostname}}), `alert_type` ({{alert.alert_type}}: availability,
 * check, task, custom), `severity` ({{alert.severity}}: error, warning, info), `message`
 * ({{alert.message}}), `alert_time`, optionally `serial` and `check`, and `event`: "failure" in the
 * template's failure action, "resolved" in its resolved action.
 */
function fromTacticalRmm(body: Json): unknown {
  const event = str(body.event)?.toLowerCase();
  const severity = str(body.severity)?.toLowerCase();
  const time = str(body.alert_time);
  return {
    source: "tactical-rmm",
    hostname: str(body.hostname),
    deviceSerial: str(body.serial),
    check: str(body.check) ?? str(body.alert_type),
    status: event === "failure" ? "firing" : event === "resolved" ? "resolved" : event,
    severity: (severity && TACTICAL_SEVERITY[severity]) ?? "warning",
    message: str(body.message) ?? "",
    occurredAt: time && !Number.isNaN(Date.parse(time)) ? new Date(time).toISOString() : undefined,
  };
}

const MAPPINGS = { "uptime-kuma": fromUptimeKuma, zabbix: fromZabbix, "tactical-rmm": fromTacticalRmm };

/** The payload as our generic alert; null for a notification that is not an alert (a tool's test). */
export function toGenericAlert(body: unknown): GenericAlert | null {
  if (!isObject(body)) throw new InvalidError("An alert is a JSON object");
  const format = formatOf(body);
  const mapped = format === "generic" ? body : MAPPINGS[format](body);
  if (mapped === null) return null;
  const parsed = genericAlertSchema.safeParse(mapped);
  if (!parsed.success) throw InvalidError.fromZod(parsed.error);
  if (!parsed.data.deviceSerial && !parsed.data.hostname) {
    throw new InvalidError("Name the device: deviceSerial or hostname is required");
  }
  return parsed.data;
}
