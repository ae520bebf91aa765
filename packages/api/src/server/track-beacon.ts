// POST /api/track as browsers send it: navigator.sendBeacon posts text/plain (a JSON string), which the
// REST handler would refuse, so this plain route reads the text as JSON and calls the same procedure
// (contact.track) through a server-side caller. JSON requests take the same path.
import type { Context as HonoContext } from "hono";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import { createCaller } from "../root.js";
import { createContext, zodIssues, type AppServices } from "../trpc.js";
import { clientIp } from "./client-ip.js";

export function trackBeaconHandler(services: AppServices) {
  return async (c: HonoContext): Promise<Response> => {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: "The request body is not valid JSON", code: "PARSE_ERROR" }, 400);
    }
    const ctx = await createContext(services, {
      headers: c.req.raw.headers,
      ip: clientIp(c, services.config),
      resHeaders: new Headers(),
    });
    try {
      return c.json(await createCaller(ctx).contact.track(body as never));
    } catch (error) {
      if (!(error instanceof TRPCError) || error.code === "INTERNAL_SERVER_ERROR") throw error;
      const issues = error.cause instanceof ZodError ? zodIssues(error.cause) : undefined;
      const message = issues ? issues.map((i) => i.message).join(". ") : error.message;
      return new Response(JSON.stringify({ error: message, code: error.code, ...(issues ? { issues } : {}) }), {
        status: getHTTPStatusCodeFromError(error),
        headers: { "content-type": "application/json" },
      });
    }
  };
}
