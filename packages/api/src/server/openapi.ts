// The OpenAPI 3 document of every REST procedure, and the interactive reference at /api/docs.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { site } from "@repo/content";
import { appRouter } from "../root.js";
import type { AppEnv } from "./http.js";

let document: OpenAPIObject | undefined;

const errorBody = { description: "The refusal, as `{ error, code }`" };

/** The file routes are plain Hono routes (a multipart body, a binary answer): described here by hand. */
const FILE_PATHS: OpenAPIObject["paths"] = {
  "/attachments": {
    post: {
      tags: ["attachments"],
      summary: "Upload a file to attach; name its id in `attachments` of a new ticket or comment within a day",
      requestBody: {
        required: true,
        content: {
          "multipart/form-data": {
            schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } },
          },
        },
      },
      responses: {
        201: {
          description: "The upload",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  id: { type: "string" },
                  filename: { type: "string" },
                  contentType: { type: "string" },
                  size: { type: "integer" },
                },
              },
            },
          },
        },
        400: errorBody,
        403: errorBody,
        413: errorBody,
        429: errorBody,
      },
    },
  },
  "/attachments/{id}": {
    get: {
      tags: ["attachments"],
      summary: "Download an attached file (a client: its company's only, never an internal note's)",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "The file, as an attachment" }, 401: errorBody, 404: errorBody },
    },
  },
};

export function openApiDocument(baseUrl = "/api"): OpenAPIObject {
  document ??= generateOpenApiDocument(appRouter, {
    title: `${site.name} API`,
    description:
      "Every call of the web app as REST. Authenticate with `Authorization: Bearer <token>` from a sign-in call, or with the session cookie.",
    version: "1.0.0",
    baseUrl,
    securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
  });
  document.paths = { ...document.paths, ...FILE_PATHS };
  return document;
}

const require = createRequire(import.meta.url);

/** The package does not export its browser build, so find it beside the package's entry point. */
function scalarStandalonePath(): string {
  const entry = require.resolve("@scalar/api-reference");
  return join(entry.slice(0, entry.lastIndexOf("/dist/")), "dist", "browser", "standalone.js");
}

export function mountOpenApi(app: Hono<AppEnv>) {
  app.get("/api/openapi.json", (c) => c.json(openApiDocument()));
  // The reference's script is served from our own origin: no CDN needed, and the CSP stays 'self'.
  let script: string | undefined;
  app.get("/api/docs/scalar.js", (c) => {
    script ??= readFileSync(scalarStandalonePath(), "utf8");
    c.header("Cache-Control", "public, max-age=86400");
    c.header("Content-Type", "text/javascript; charset=utf-8");
    return c.body(script);
  });
  app.get("/api/docs", Scalar({ url: "/api/openapi.json", pageTitle: `${site.name} API`, cdn: "/api/docs/scalar.js" }));
}
