// A strict reader of Prometheus's text exposition format (version 0.0.4), for the /metrics tests: every
// line must be a HELP, a TYPE or a sample of the grammar, or reading fails, so a malformed line a
// scraper would reject fails the test too. (The npm parsers we tried fold a labelled histogram's series
// into one.)

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  types: Map<string, string>;
  samples: Sample[];
}

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)(?: -?\\d+)?$`);
const COMMENT = new RegExp(`^# (HELP|TYPE) (${NAME})(?: (.*))?$`);
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

/** Values as Go's strconv.ParseFloat reads them, as Prometheus does: Inf and NaN in any case. */
function parseValue(text: string, line: string): number {
  const word = text.toLowerCase();
  if (word === "+inf" || word === "inf") return Number.POSITIVE_INFINITY;
  if (word === "-inf") return Number.NEGATIVE_INFINITY;
  if (word === "nan") return Number.NaN;
  const value = Number(text);
  if (text === "" || Number.isNaN(value)) throw new Error(`not a sample value: ${line}`);
  return value;
}

export function parsePrometheusText(text: string): Exposition {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = COMMENT.exec(line);
    if (comment) {
      const [, kind, name, rest = ""] = comment;
      if (kind === "TYPE") {
        if (!TYPES.has(rest)) throw new Error(`unknown metric type: ${line}`);
        types.set(name!, rest);
      }
      continue;
    }
    if (line.startsWith("#")) continue;
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a line of the exposition format: ${line}`);
    const [, name, labelText = "", value] = sample;
    const labels: Record<string, string> = {};
    for (const [, key, raw] of labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = raw!.replace(/\\n/g, "\n").replace(/\\(["\\])/g, "$1");
    }
    samples.push({ name: name!, labels, value: parseValue(value!, line) });
  }
  return { types, samples };
}

/** The value of the one sample with this name and these labels (among others), or undefined. */
export function sampleValue(exposition: Exposition, name: string, labels: Record<string, string> = {}) {
  return exposition.samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  )?.value;
}
