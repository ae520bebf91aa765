// The public status page's machine-readable routes (docs/features.md §18, decision 0054): Statuspage's
// summary and history JSON under /status/api/v2/ (so a status host name can proxy to /status while /api/*
// stays the REST API's) and the Atom feed. No session: they read only incidents marked public.
import type { Hono } from "hono";
import { publicOrigin } from "../config.js";
import type { AppServices } from "../context.js";
import { statusFeed, statusHistory, statusSummary } from "../incidents/public-status.js";
import { confirmSubscription, unsubscribe } from "../incidents/subscriptions.js";
import type { AppEnv } from "./http.js";

/** Aggregators poll: a minute's cache is fresh enough and spares the database. */
const CACHE = "public, max-age=60";

export function mountStatus(app: Hono<AppEnv>, services: AppServices): void {
  const base = (url: string) => publicOrigin(services.config, url);
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

  // The links of the subscription mails. A GET only shows a button: mail scanners follow links, and a
  // confirmation they could make would defeat the double opt-in. The POST acts; the unsubscribe POST is
  // also RFC 8058's one-click, sent by the mail client with the token in the URL.
  const token = (url: string) => {
    const value = new URL(url).searchParams.get("token") ?? "";
    return /^[0-9a-f]{32}$/.test(value) ? value : null;
  };
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  const button = (label: string) => `<form method="post"><button type="submit">${label}</button></form>`;
  const noStore = { "Cache-Control": "no-store" };
  app.get("/status/confirm", (c) =>
    c.html(page("Confirm status updates", button("Confirm")), token(c.req.url) ? 200 : 404, noStore),
  );
  app.post("/status/confirm", async (c) => {
    const value = token(c.req.url);
    if (!value) return c.html(page("Invalid or expired link", ""), 404, noStore);
    try {
      await confirmSubscription(services.db, value);
    } catch {
      return c.html(page("Invalid or expired link", ""), 404, noStore);
    }
    return c.html(page("Subscription confirmed", "<p>You will receive the status updates by mail.</p>"), 200, noStore);
  });
  app.get("/status/unsubscribe", (c) =>
    c.html(page("Unsubscribe from status updates", button("Unsubscribe")), token(c.req.url) ? 200 : 404, noStore),
  );
  app.post("/status/unsubscribe", async (c) => {
    const value = token(c.req.url);
    if (!value) return c.html(page("Invalid or expired link", ""), 404, noStore);
    await unsubscribe(services.db, value);
    return c.html(page("Unsubscribed", "<p>You will receive no more status updates.</p>"), 200, noStore);
  });
}
