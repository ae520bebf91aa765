// The Hono app: health, tRPC, the WebSocket, REST with its OpenAPI document, then the web app.
// Order matters: specific routes first, the REST catch-all after them, static files last.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { mountMailInbound } from "./mail-inbound.js";
import { mailOriginalHandler } from "./mail-original.js";
import { attachmentUploadHandler, uploadBodyLimit } from "./attachment-upload.js";
import { attachmentDownloadHandler } from "./attachment-download.js";
import {
  articleImageBodyLimit,
  articleImageHandler,
  articleImageUploadHandler,
  siteImageBodyLimit,
  siteImageHandler,
  siteImageUploadHandler,
} from "./images.js";
import { createNodeWebSocket } from "@hono/node-ws";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { TRPC_MAX_BATCH_SIZE } from "@repo/validators";
import { InvalidError, NotFoundError, TooLargeError } from "../errors.js";
import { appRouter } from "../root.js";
import type { AppServices } from "../context.js";
import { chatStreamHandler } from "./chat-stream.js";
import { deviceImportTemplateHandler, devicesCsvHandler } from "./devices-csv.js";
import { timeCsvHandler } from "./time-csv.js";
import { mountDeviceCheckin } from "./device-checkin.js";
import { checkinScriptHandler } from "./checkin-script.js";
import { billingExportHandler } from "./billing-export.js";
import { clientInvoicePdfHandler, staffInvoicePdfHandler } from "./invoice-pdf.js";
import { mountHelpCentre } from "./help-centre-pages.js";
import { serverRenderer } from "./server-render.js";
import { sitePages } from "./site-pages.js";
import { adapterRequest, errorResponse, onAppError, requestContext, type AppContext, type AppEnv } from "./http.js";
import { compression } from "./compression.js";
import { mountOpenApi } from "./openapi.js";
import { restHandler } from "./rest.js";
import { sameOriginWrites, securityHeaders } from "./security.js";
import { ssoCallbackHandler, ssoStartHandler } from "./sso.js";
import { staticHandler } from "./static.js";
import { mountStatus } from "./status.js";
import { trackBeaconHandler } from "./track-beacon.js";
import { mountWebSocket } from "./ws.js";
import { reportError } from "../logger.js";
import { requestIdHeader, requestLog } from "./request-log.js";
import { finishResponses } from "./finished-response.js";
import { createMetrics, mountMetrics } from "./metrics.js";

const require = createRequire(import.meta.url);
const defaultWebDist = () => join(dirname(require.resolve("@repo/api/package.json")), "..", "web", "dist");

/**
 * Mutations go one per request: a batch of sign-ins would be a batch of password guesses, and every
 * write deserves its own rate-limit count and its own answer.
 */
function refuseBatchedMutations(c: AppContext): void {
  if (c.req.method !== "POST" || c.req.query("batch") === undefined) return;
  // tRPC splits the decoded path on commas, so the guard reads it decoded too: "%2C" is a comma.
  if (decodedPath(c.req.path).includes(",")) {
    throw new InvalidError("Mutations cannot be batched: send one per request");
  }
}

/** The path as tRPC reads it; one that does not decode is checked as it came (tRPC refuses it anyway). */
function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * A mutation sent alone without input (a sign-out) arrives with no body, which tRPC would try to parse as
 * JSON and refuse; no body means no input, as it does for REST.
 */
async function withInput(req: Request): Promise<Request> {
  if (req.method !== "POST" || new URL(req.url).searchParams.has("batch")) return req;
  const body = await req.text();
  const headers = new Headers(req.headers);
  headers.delete("content-length");
  if (body.trim() === "") headers.set("content-type", "application/json");
  return new Request(req.url, { method: "POST", headers, body: body.trim() === "" ? "{}" : body });
}

/** The signal of a tRPC GET: a query is never cancelled halfway (it only reads), so one serves them all. */
const NEVER_ABORTED = new AbortController().signal;
export interface ServerAppOptions {
  webDist?: string;
  wsRecheckMs?: number;
}

export function createServerApp(services: AppServices, options: ServerAppOptions = {}) {
  const app = new Hono<AppEnv>();
  const { injectWebSocket, upgradeWebSocket } = createNodeWebSocket({ app });

  const metrics = createMetrics(services, { webSocketPeers: () => hub.size });
  app.use(
    "*",
    requestLog(services.config, ({ method, route, status, ms }) =>
      metrics.requestDuration.observe({ method, route, status: String(status) }, ms / 1000),
    ),
  );
  // One pass over every finished response, in this order: the security headers read HTML bodies
  // uncompressed to hash their scripts, then compression (server/finished-response.ts).
  app.use("*", finishResponses(securityHeaders(services.config), compression(), requestIdHeader));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  mountMetrics(app, metrics, services.config.METRICS_TOKEN);
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  // The public status JSON and feed: no session, nothing to limit (server/status.ts).
  mountStatus(app, services);
  // Before the /api/* middleware: a mail is larger than the API's body limit, and no browser posts it.
  mountMailInbound(app, services);
  // Before it too: a check-in has its own token, not a session, and a much smaller body limit.
  mountDeviceCheckin(app, services);

  const bodyLimited = bodyLimit({
    maxSize: 5 * 1024 * 1024,
    onError: () => errorResponse(new TooLargeError("The request body is too large")),
  });
  // A GET has no body to limit, and asking for it would build the full request (see adapterRequest).
  const limit: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.method === "GET" || c.req.method === "HEAD" ? next() : bodyLimited(c, next);
  const context = requestContext(services);
  const sameOrigin = sameOriginWrites(services.config);
  // Before the /api/* middleware too: a file may be larger than the API's body limit.
  app.post("/api/attachments", uploadBodyLimit, sameOrigin, context, attachmentUploadHandler);
  app.post(
    "/api/knowledge/editor/articles/:id/images",
    articleImageBodyLimit,
    sameOrigin,
    context,
    articleImageUploadHandler,
  );
  app.post("/api/site-content/images", siteImageBodyLimit, sameOrigin, context, siteImageUploadHandler);
  app.use("/trpc/*", limit, sameOrigin, context);
  app.use("/api/*", limit, sameOrigin, context);

  app.all("/trpc/*", async (c) => {
    refuseBatchedMutations(c);
    c.set("acceptsApiKeys", true);
    return fetchRequestHandler({
      endpoint: "/trpc",
      // A GET is handed a signal that never aborts rather than the request's, which would build undici's
      // full Request (see adapterRequest); tRPC passes it to queries as it is (patched: decision 0021).
      req: c.req.method === "GET" ? adapterRequest(c.req.raw, { signal: NEVER_ABORTED }) : await withInput(c.req.raw),
      router: appRouter,
      // One request must not buy a hundred calls' worth of work (or of password checks).
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      createContext: () => c.get("context")(),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") reportError(error.cause ?? error, `tRPC ${path} failed`);
      },
    });
  });

  const hub = mountWebSocket(app, services, upgradeWebSocket, options.wsRecheckMs);
  mountOpenApi(app);
  app.get("/api/devices.csv", devicesCsvHandler);
  app.get("/api/time/entries.csv", timeCsvHandler);
  app.get("/api/clients/:id/checkin-script", checkinScriptHandler);
  app.get("/api/billing/exports/:month/:file", billingExportHandler);
  app.get("/api/billing/invoices/:id/pdf", staffInvoicePdfHandler);
  app.get("/api/client/invoices/:id/pdf", clientInvoicePdfHandler);
  app.get("/api/devices/import-template.csv", deviceImportTemplateHandler);
  app.get("/api/auth/sso/:provider", ssoStartHandler);
  app.get("/api/auth/sso/:provider/callback", ssoCallbackHandler);
  app.get("/api/mail/inbound/:id", mailOriginalHandler);
  app.get("/api/attachments/:id", attachmentDownloadHandler);
  app.get("/api/knowledge/images/:id", articleImageHandler);
  app.get("/api/site/images/:id", siteImageHandler);
  app.post("/api/client/chat/stream", chatStreamHandler);
  app.post("/api/track", trackBeaconHandler);
  const webDist = options.webDist ?? services.config.WEB_DIST ?? defaultWebDist();
  const renderer = serverRenderer(webDist);
  const site = sitePages(services.db, renderer, webDist);
  app.get("/api/site-content/preview", site.preview);
  app.all("/api/*", restHandler());
  // Browsers and tools ask for /favicon.ico whatever the page says; the site's icon is its SVG logo.
  app.get("/favicon.ico", (c) => c.redirect("/logo.svg", 301));
  // Before the built files: the help centre's pages and the sitemap are rendered from the database, and the
  // marketing pages from the published site content once there is any.
  mountHelpCentre(app, services.db, webDist, renderer);
  site.mount(app);
  app.get("*", staticHandler(webDist, site.spaPage));

  app.notFound(() => errorResponse(new NotFoundError("Not found")));
  app.onError(onAppError);

  return { app, injectWebSocket, hub };
}
