// One log line per request (docs/architecture.md §16): method, route pattern, status, duration, request id
// and the signed-in user's id. Never a header, query string or body: tokens ride in the Authorization
// header, the cookie and /ws?token=, an SSO callback's code in its query, passwords in bodies.
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { appRouter } from "../root.js";
import { inRequestScope, log, type RequestScope } from "../logger.js";
import type { Config } from "../config.js";
import type { AppContext, AppEnv } from "./http.js";
import type { Finisher } from "./finished-response.js";
import { openApiDocument } from "./openapi.js";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** An id a proxy in front of us gave the request (Caddy, nginx, a load balancer), when it is a sane one. */
const PROXY_REQUEST_ID = /^[\w.:-]{8,64}$/;

/**
 * The REST paths of the OpenAPI document as patterns, e.g. /api/tickets/{id}, grouped by their first
 * segment ("tickets"), so a request tries the few patterns of its own resource rather than all of them. A
 * path with fewer parameters is tried first, so /api/tickets/stats is never labelled /api/tickets/{id}.
 */
let restPatterns: Map<string, { pattern: string; matches: RegExp }[]> | undefined;

const parameters = (pattern: string) => pattern.split("{").length - 1;
/** "tickets" of /api/tickets/{id} (and of /tickets/{id}, as the document writes it). */
const firstSegment = (path: string) => path.replace(/^\/api/, "").split("/")[1] ?? "";

function restRoute(path: string): string {
  if (!restPatterns) {
    restPatterns = new Map();
    const routes = Object.keys(openApiDocument().paths ?? {})
      .map((pattern) => ({
        pattern: `/api${pattern}`,
        matches: new RegExp(`^/api${pattern.replace(/\{[^/}]+\}/g, "[^/]+")}/?$`),
      }))
      .sort((a, b) => parameters(a.pattern) - parameters(b.pattern) || b.pattern.length - a.pattern.length);
    for (const route of routes) {
      const segment = firstSegment(route.pattern);
      restPatterns.set(segment, [...(restPatterns.get(segment) ?? []), route]);
    }
  }
  return restPatterns.get(firstSegment(path))?.find((route) => route.matches.test(path))?.pattern ?? "/api/*";
}

const procedures = new Set(Object.keys(appRouter._def.procedures));

/** /trpc/tickets.list, or a batch /trpc/a,b; a name that is no procedure of ours collapses to one label. */
function trpcRoute(path: string): string {
  const names = path.slice("/trpc/".length).split(",");
  return names.every((name) => procedures.has(name)) ? `/trpc/${names.join(",")}` : "/trpc/*";
}

/**
 * The pattern a request was routed by, bounded to the routes we have: the label of a log line and of a
 * metric, where a raw path (ids, probes of paths we do not have) would make every request its own.
 */
export function routeLabel(c: AppContext): string {
  const route = routePath(c);
  if (route === "/api/*") return restRoute(c.req.path);
  if (route === "/trpc/*") return trpcRoute(c.req.path);
  if (route === "*" || route === "/*") return "static";
  return route;
}

export interface RequestLine {
  requestId: string;
  method: string;
  route: string;
  status: number;
  ms: number;
  userId?: string;
}

/**
 * Gives the request its id (a trusted proxy's, or a new one), for X-Request-Id (requestIdHeader) and for
 * every log line and error body written while it is served, and writes the request's line when the
 * response is ready. A request that met an unexpected error logs it on the same line, at error level.
 */
export function requestLog(
  config: Pick<Config, "TRUST_PROXY">,
  /** Hears each answered request too (its duration histogram in /metrics). */
  onAnswered: (line: RequestLine) => void = () => {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const offered = config.TRUST_PROXY > 0 ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const scope: RequestScope = { requestId: offered && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID() };
    c.set("requestId", scope.requestId);
    // Only the handling runs in the scope; the line names the request itself (and so costs no closure).
    await inRequestScope(scope, next);
    const line: RequestLine = {
      requestId: scope.requestId,
      method: c.req.method,
      route: routeLabel(c),
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get("userId"),
    };
    onAnswered(line);
    if (scope.error) log.error({ ...line, err: scope.error }, "request failed");
    else log.info(line, "request");
  };
}

/** The request's id in X-Request-Id, but on a WebSocket upgrade, whose answer has headers of its own making. */
export const requestIdHeader: Finisher = (c, res) => {
  const requestId = (c as AppContext).get("requestId");
  if (requestId && res.status !== 101) res.headers.set(REQUEST_ID_HEADER, requestId);
};
