// The Hono app: health, tRPC, the WebSocket, REST with its OpenAPI document, then the web app.
// Order matters: specific routes first, the REST catch-all after them, static files last.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { createNodeWebSocket } from "@hono/node-ws";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { appRouter } from "../root.js";
import { createContext, type AppServices } from "../trpc.js";
import { clientIp } from "./client-ip.js";
import { chatStreamHandler } from "./chat-stream.js";
import { devicesCsvHandler } from "./devices-csv.js";
import { mountOpenApi } from "./openapi.js";
import { restHandler } from "./rest.js";
import { sameOriginWrites, securityHeaders } from "./security.js";
import { staticHandler } from "./static.js";
import { trackBeaconHandler } from "./track-beacon.js";
import { mountWebSocket } from "./ws.js";

const require = createRequire(import.meta.url);
const defaultWebDist = () => join(dirname(require.resolve("@repo/api/package.json")), "..", "web", "dist");

export interface ServerAppOptions {
  webDist?: string;
  wsRecheckMs?: number;
}

export function createServerApp(services: AppServices, options: ServerAppOptions = {}) {
  const app = new Hono();
  const { injectWebSocket, upgradeWebSocket } = createNodeWebSocket({ app });

  app.use("*", securityHeaders);
  app.use("*", compress());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await services.database.ping();
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "unavailable" }, 503);
    }
  });

  const limit = bodyLimit({
    maxSize: 5 * 1024 * 1024,
    onError: (c) => c.json({ error: "The request body is too large", code: "PAYLOAD_TOO_LARGE" }, 413),
  });
  app.use("/trpc/*", limit, sameOriginWrites);
  app.use("/api/*", limit, sameOriginWrites);

  app.all("/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router: appRouter,
      createContext: ({ req, resHeaders }) =>
        createContext(services, { headers: req.headers, ip: clientIp(c, services.config), resHeaders }),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") console.error(`tRPC ${path}:`, error.cause ?? error);
      },
    }),
  );

  const hub = mountWebSocket(app, services, upgradeWebSocket, options.wsRecheckMs);
  mountOpenApi(app);
  app.get("/api/devices.csv", devicesCsvHandler(services));
  app.post("/api/client/chat/stream", chatStreamHandler(services));
  app.post("/api/track", trackBeaconHandler(services));
  app.all("/api/*", restHandler(services));
  app.get("*", staticHandler(options.webDist ?? services.config.WEB_DIST ?? defaultWebDist()));

  app.notFound((c) => c.json({ error: "Not found", code: "NOT_FOUND" }, 404));
  app.onError((error, c) => {
    console.error(`${c.req.method} ${c.req.path}:`, error);
    return c.json({ error: "Internal server error", code: "INTERNAL_SERVER_ERROR" }, 500);
  });

  return { app, injectWebSocket, hub };
}
