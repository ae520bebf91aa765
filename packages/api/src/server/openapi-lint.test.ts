// The OpenAPI document passes Redocly's recommended rules with no error and no warning (issue: public
// operations must say `security: []`; a record of an enum documented required-but-undefined properties).
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "./openapi.js";

describe("the OpenAPI document", () => {
  it("passes Redocly's recommended lint rules without an error or a warning", async () => {
    const problems = await lintFromString({
      source: JSON.stringify(openApiDocument()),
      absoluteRef: "openapi.json",
      // The one rule off: the API is the provider's own, with no licence to name.
      config: await createConfig({ extends: ["recommended"], rules: { "info-license": "off" } }),
    });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });

  it("says which operations are public, and which take the bearer token", () => {
    const paths = openApiDocument().paths ?? {};
    expect(paths["/auth/login"]?.post?.security).toEqual([]);
    expect(paths["/tickets/{id}"]?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(paths["/attachments"]?.post?.security).toEqual([{}, { bearerAuth: [] }]);
  });

  it("names the API key scope each operation a key may call needs", () => {
    const paths = openApiDocument().paths ?? {};
    const scopeOf = (path: string, method: string) =>
      (paths[path] as Record<string, Record<string, unknown>> | undefined)?.[method]?.["x-required-scope"];
    expect(scopeOf("/tickets", "get")).toBe("tickets:read");
    expect(scopeOf("/tickets/{id}", "patch")).toBe("tickets:write");
    expect(scopeOf("/devices", "post")).toBe("devices:write");
    expect(scopeOf("/billing/invoices", "get")).toBe("billing:read");
    expect(scopeOf("/users", "get")).toBeUndefined();
    // The public ticket form takes a key too, so the scheme is offered beside "none".
    expect(paths["/tickets"]?.post?.security).toEqual([{}, { bearerAuth: [] }]);
    expect(paths["/tickets/{id}"]?.patch?.description).toContain("tickets:write");
  });
});
