// "Is email down?" answered from the open incidents first (docs/features.md §18): before either engine,
// a question about an outage is checked against the incidents open for the client's company, matched by
// the words of their titles and services. Nothing matching: null, and the engine answers as before.
import type { DbExecutor } from "@repo/db";
import { INCIDENT_STATUS_LABELS, type Incident, incidentHasBegun } from "@repo/validators";
import type { CompanyScope } from "../auth/scope.js";
import { listOpenIncidents } from "../incidents/incidents.js";
import { asText, formatDateTime } from "./format.js";

/** A question about something not working: "is email down?", "any outage?", "is the VPN broken?". */
const OUTAGE_QUESTION =
  /\b(down|outage|outages|not working|isn'?t working|broken|offline|unavailable|disrupt\w*|incident|status)\b/i;
/** "anything down?", "any outages?": every open incident answers it. */
const ANY_OUTAGE = /\b(anything|any|something|everything)\b/i;
/** Words of a question that say nothing about what is down. */
const FILLER = new Set(
  "is are the our my we it its down outage outages not working isnt broken offline unavailable any anything there right now today currently again status with problem problems issue issues for does do why".split(
    " ",
  ),
);
/** What people call a service, mapped to a word its incidents are likely to use. */
const SYNONYMS: Record<string, string[]> = {
  email: ["mail", "exchange", "outlook", "365"],
  "e-mail": ["mail", "exchange", "outlook", "365"],
  internet: ["network", "connectivity", "internet"],
  wifi: ["network", "wi-fi", "wireless"],
  teams: ["teams", "365"],
  backup: ["backup"],
  backups: ["backup"],
};

function wordsOf(message: string): string[] {
  const words = message.toLowerCase().match(/[a-z0-9][a-z0-9-]*/g) ?? [];
  return words.filter((w) => w.length >= 2 && !FILLER.has(w)).flatMap((w) => [w, ...(SYNONYMS[w] ?? [])]);
}

function matches(incident: Incident, words: string[]): boolean {
  const about = [incident.title, ...incident.services.map((s) => s.name)].join(" ").toLowerCase();
  return words.some((w) => about.includes(w));
}

function describe(incident: Incident): string {
  const latest = incident.updates[0];
  const since = formatDateTime(new Date(incident.createdAt), { zone: true });
  const update = latest ? `\n  Latest update: ${asText(latest.message)}` : "";
  return `- **${asText(incident.title)}**: ${INCIDENT_STATUS_LABELS[incident.status]} since ${since}.${update}`;
}

/** The answer from the open incidents affecting the company, or null when none answers the question. */
export async function incidentAnswer(db: DbExecutor, scope: CompanyScope, message: string): Promise<string | null> {
  if (!OUTAGE_QUESTION.test(message)) return null;
  const now = new Date();
  const open = (await listOpenIncidents(db, scope)).filter((i) => incidentHasBegun(i, now));
  if (open.length === 0) return null;
  const words = wordsOf(message);
  const relevant = open.filter((i) => matches(i, words));
  const shown = relevant.length ? relevant : ANY_OUTAGE.test(message) || words.length === 0 ? open : [];
  if (shown.length === 0) return null;
  const intro =
    shown.length === 1
      ? "Yes, we know about it and are working on it:"
      : "Yes, we know about these and are working on them:";
  return `${intro}\n${shown.map(describe).join("\n")}\n\nThere is no need to open a ticket for it; we will post updates as they come.`;
}
