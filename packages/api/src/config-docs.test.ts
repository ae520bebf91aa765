// The README's configuration table and the schema that reads the environment (config.ts) name the same
// variables with the same defaults, so the table an operator reads is the one the server obeys.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { configSchema } from "./config.js";

const variables = configSchema.shape;

/** The default a variable takes when unset, as written in the environment (before any transform). */
function rawDefault(schema: z.ZodType): unknown {
  const def = schema.def as {
    type: string;
    defaultValue?: unknown;
    in?: z.ZodType;
    out?: z.ZodType;
    innerType?: z.ZodType;
  };
  if (def.type === "default") return def.defaultValue;
  if (def.type === "pipe") return rawDefault(def.in!) ?? rawDefault(def.out!);
  if (def.type === "optional") return rawDefault(def.innerType!);
  return undefined;
}

/** The rows of the README's "Configuration" table: the variables each names, and its default cell. */
function readmeRows(): { names: string[]; defaults: string }[] {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = readme.slice(
    readme.indexOf("## Configuration"),
    readme.indexOf("\n## ", readme.indexOf("## Configuration") + 1),
  );
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .map((line) => {
      const [names = "", defaults = ""] = line.split(" | ");
      return { names: [...names.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!), defaults };
    });
}

describe("the README's configuration table", () => {
  it("names every variable the server reads, and no other", () => {
    const named = readmeRows().flatMap((row) => row.names);
    expect([...named].sort()).toEqual(Object.keys(variables).sort());
  });

  it("gives each variable's default as the server applies it", () => {
    const rows = readmeRows();
    const wrong = Object.entries(variables).flatMap(([name, schema]) => {
      const value = rawDefault(schema as z.ZodType);
      if (value === undefined) return [];
      const row = rows.find((r) => r.names.includes(name));
      return row?.defaults.includes(`\`${String(value)}\``)
        ? []
        : [`${name}: ${String(value)} not in "${row?.defaults}"`];
    });
    expect(wrong).toEqual([]);
  });
});
