// The public status page's machine-readable routes (docs/features.md §17, decision 0054): Statuspage's
// summary and history JSON under /status/api/v2/ (so a status host name can proxy to /status while /api/*
// stays the REST API's) and the Atom feed. No session: they read only incidents marked public.
import type { Hono } from "hono";
import type { AppServices } from "../context.js";
import { statusFeed, statusHistory, statusSummary } from "../incidents/public-status.js";
import type { AppEnv } from "./http.js";

/** Aggregators poll: a minute's cache is fresh enough and spares the database. */
const CACHE = "public, max-age=60";

export function mountStatus(app: Hono<AppEnv>, services: AppServices): void {
  const base = (url: string) => (services.config.PUBLIC_URL ?? new URL(url).origin).replace(/\/+$/, "");
  app.get("/status/api/v2/summary.json", async (c) =>
    c.json(await statusSummary(services.db, new Date(), base(c.req.url)), 200, { "Cache-Control": CACHE }),
  );
  app.get("/status/api/v2/incidents.json", async (c) =>
    c.json(await statusHistory(services.db, new Date(), base(c.req.url)), 200, { "Cache-Control": CACHE }),
  );
  app.get("/status/history.atom", async (c) =>
    c.body(await statusFeed(services.db, new Date(), base(c.req.url)), 200, {
      "Content-Type": "application/atom+xml; charset=utf-8",
      "Cache-Control": CACHE,
    }),
  );
}
