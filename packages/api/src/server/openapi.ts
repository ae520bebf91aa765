// The OpenAPI 3 document of every REST procedure, and the interactive reference at /api/docs.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import { Scalar } from "@scalar/hono-api-reference";
import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { site } from "@repo/content";
import { appRouter } from "../root.js";
import type { AppMeta } from "../trpc.js";
import type { AppEnv } from "./http.js";

let document: OpenAPIObject | undefined;

const errorBody = { description: "The refusal, as `{ error, code }`" };

/** A multipart body of one file in the field `file` (the uploads of attachments and images). */
const ONE_FILE: NonNullable<NonNullable<NonNullable<OpenAPIObject["paths"]>[string]["post"]>["requestBody"]> = {
  required: true,
  content: {
    "multipart/form-data": {
      schema: { type: "object", required: ["file"], properties: { file: { type: "string", format: "binary" } } },
    },
  },
};

/** The file routes are plain Hono routes (a multipart body, a binary answer): described here by hand. */
const FILE_PATHS: OpenAPIObject["paths"] = {
  "/attachments": {
    post: {
      operationId: "attachments-upload",
      tags: ["attachments"],
      // A visitor attaches to the public form; a signed-in person with their session.
      security: [{}, { bearerAuth: [] }],
      summary: "Upload a file to attach; name its id in `attachments` of a new ticket or comment within a day",
      requestBody: ONE_FILE,
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
      operationId: "attachments-download",
      tags: ["attachments"],
      security: [{ bearerAuth: [] }],
      summary: "Download an attached file (a client: its company's only, never an internal note's)",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "The file, as an attachment" }, 401: errorBody, 404: errorBody },
    },
  },
  "/knowledge/editor/articles/{id}/images": {
    post: {
      operationId: "knowledge-images-upload",
      tags: ["knowledge base"],
      // A staff session (ADMIN, AGENT); an API key is refused, as on every plain route.
      security: [{ bearerAuth: [] }],
      summary: "Add an image (PNG, JPEG, GIF or WebP, at most 5 MB) to an article; link its url in the text",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      requestBody: ONE_FILE,
      responses: {
        201: {
          description: "The image, and the address its Markdown links: `![name](url)`",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  id: { type: "string" },
                  filename: { type: "string" },
                  contentType: { type: "string" },
                  size: { type: "integer" },
                  url: { type: "string", example: "/api/knowledge/images/0190f3a2-aaaa-7bbb-8ccc-1234abcd0099" },
                },
              },
            },
          },
        },
        400: errorBody,
        401: errorBody,
        403: errorBody,
        404: errorBody,
        413: errorBody,
        429: errorBody,
      },
    },
  },
  "/knowledge/images/{id}": {
    get: {
      operationId: "knowledge-images-read",
      tags: ["knowledge base"],
      security: [{}, { bearerAuth: [] }],
      summary: "An article's image, for whoever may read the article (anyone else: 404)",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "The image, shown inline" }, 404: errorBody },
    },
  },
  "/site-content/images": {
    post: {
      operationId: "site-content-images-upload",
      tags: ["website content"],
      // A staff session (ADMIN, AGENT); an API key is refused, as on every plain route.
      security: [{ bearerAuth: [] }],
      summary: "Upload a logo (PNG, JPEG or WebP, at most 1 MB); put its url in the identity's logo",
      requestBody: ONE_FILE,
      responses: {
        201: {
          description: "The address the site content names the image by",
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: {
                  url: { type: "string", example: "/api/site/images/0190f3a2-aaaa-7bbb-8ccc-1234abcd0099" },
                },
              },
            },
          },
        },
        400: errorBody,
        401: errorBody,
        403: errorBody,
        413: errorBody,
        429: errorBody,
      },
    },
  },
  "/site/images/{id}": {
    get: {
      operationId: "site-images-read",
      tags: ["website content"],
      security: [{}],
      summary: "A site image (a logo), for anyone; it never changes under its id",
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      responses: { 200: { description: "The image, shown inline, cached for good" }, 404: errorBody },
    },
  },
};

/** The REST error body (server/http.ts) as a schema. */
const REST_ERROR_SCHEMA = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "What went wrong, for a person" },
    code: { type: "string", description: "What went wrong, for a program", example: "UNAUTHORIZED" },
    requestId: { type: "string", description: "The X-Request-Id to quote to support" },
  },
};

/**
 * A sign-in whose password was right but whose session waits for a second factor answers 401 with the
 * challenge (docs/decisions/0030), so that its 200 always means a session; trpc-to-openapi cannot say
 * so, so it is written here.
 */
const SECOND_FACTOR_REQUIRED_SCHEMA = {
  type: "object",
  required: ["error", "code", "challenge", "secondFactor"],
  properties: {
    error: { type: "string" },
    code: {
      type: "string",
      enum: ["SECOND_FACTOR_REQUIRED", "SECOND_FACTOR_ENROLMENT"],
      description:
        "SECOND_FACTOR_REQUIRED: send the challenge with a code to POST /api/auth/login/verify. " +
        "SECOND_FACTOR_ENROLMENT: the policy requires a factor; set it up with POST /api/auth/login/enrol.",
    },
    challenge: { type: "string", description: "Valid 5 minutes, for one completed sign-in" },
    secondFactor: { type: "string", enum: ["totp", "enrol"] },
    requestId: { type: "string" },
  },
};

/** The other 401 of a sign-in: a wrong email or password. */
const SIGN_IN_REFUSED_SCHEMA = {
  ...REST_ERROR_SCHEMA,
  properties: { ...REST_ERROR_SCHEMA.properties, code: { type: "string", enum: ["UNAUTHORIZED"] } },
};

const SIGN_IN_PATHS = ["/auth/login", "/client/login"];

function describeSignInRefusals(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.schemas = {
    ...document.components.schemas,
    RestError: REST_ERROR_SCHEMA,
    SecondFactorRequired: SECOND_FACTOR_REQUIRED_SCHEMA,
    SignInRefused: SIGN_IN_REFUSED_SCHEMA,
  } as NonNullable<OpenAPIObject["components"]>["schemas"];
  const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
  for (const path of SIGN_IN_PATHS) {
    const operation = document.paths?.[path]?.post;
    if (!operation) continue;
    operation.responses = {
      ...operation.responses,
      401: {
        description:
          "Wrong email or password (`UNAUTHORIZED`), or a right password whose session waits for a second " +
          "factor (`SECOND_FACTOR_REQUIRED`, `SECOND_FACTOR_ENROLMENT`, with the challenge)",
        content: {
          "application/json": {
            schema: {
              oneOf: [
                { $ref: "#/components/schemas/SecondFactorRequired" },
                { $ref: "#/components/schemas/SignInRefused" },
              ],
            },
          },
        },
      },
      403: {
        description: "The account may not use this portal, or its company signs in with SSO",
        content: json("RestError"),
      },
      429: { description: "Too many attempts; see Retry-After", content: json("RestError") },
    };
  }
}

export function openApiDocument(baseUrl = "/api"): OpenAPIObject {
  document ??= generateOpenApiDocument(appRouter, {
    title: `${site.name} API`,
    description:
      "Every call of the web app as REST. Authenticate with `Authorization: Bearer <token>` from a sign-in call, or with the session cookie.",
    version: "1.0.0",
    baseUrl,
    securitySchemes: {
      bearerAuth: {
        type: "http",
        scheme: "bearer",
        description:
          "A session token from a sign-in call, or an API key (`mk_live_...`) an admin created at " +
          "/settings/api-keys. A key reaches only the operations that name a scope it holds " +
          "(`x-required-scope`); any other answers 403.",
      },
    },
  });
  document.paths = { ...document.paths, ...FILE_PATHS };
  markPublicOperations(document);
  markKeyScopes(document);
  describeSignInRefusals(document);
  return document;
}

/**
 * trpc-to-openapi gives a protected procedure its `security` and a public one none, which reads as "not
 * said"; a public operation says so with `security: []` (the OpenAPI way to waive the scheme).
 */
function markPublicOperations(document: OpenAPIObject): void {
  const methods = new Set(["get", "put", "post", "delete", "patch", "head", "options"]);
  for (const item of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, { security?: unknown[] }>)) {
      if (methods.has(method)) operation.security ??= [];
    }
  }
}

/**
 * Each operation an API key may call names the scope it needs (decision 0045) as `x-required-scope`; a
 * public one that a key may call too (the ticket form) takes the bearer scheme as an option.
 */
function markKeyScopes(document: OpenAPIObject): void {
  for (const procedure of Object.values(appRouter._def.procedures)) {
    const meta = (procedure as unknown as { _def: { meta?: AppMeta } })._def.meta;
    if (!meta?.keyScope || !meta.openapi) continue;
    const path = meta.openapi.path;
    const operation = (document.paths?.[path] as Record<string, Record<string, unknown>> | undefined)?.[
      meta.openapi.method.toLowerCase()
    ];
    if (!operation) continue;
    operation["x-required-scope"] = meta.keyScope;
    if (Array.isArray(operation.security) && operation.security.length === 0) {
      operation.security = [{}, { bearerAuth: [] }];
    }
  }
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
  app.get(
    "/api/docs",
    Scalar({
      url: "/api/openapi.json",
      pageTitle: `${site.name} API`,
      cdn: "/api/docs/scalar.js",
      favicon: "/logo.svg",
      // For our API's users: the vendor's AI chat, MCP generator and developer toolbar (Share, Deploy)
      // are its own products, not ours to offer, and telemetry would leave the page.
      agent: { disabled: true },
      mcp: { disabled: true },
      showDeveloperTools: "never",
      telemetry: false,
      // The vendor's web fonts come from its CDN, which our CSP (rightly) refuses: system fonts instead.
      withDefaultFonts: false,
      // Every protected call takes the session token as a Bearer header: ready for the person to paste it.
      authentication: { preferredSecurityScheme: "bearerAuth" },
    }),
  );
}
