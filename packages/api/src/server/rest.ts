// REST: the tRPC procedures at the paths of spec section 7, through trpc-to-openapi's fetch handler.
// Errors are reshaped to DESIGN.md's JSON `{ error, code, issues? }` with the right status.
import type { Context as HonoContext } from "hono";
import { createOpenApiFetchHandler } from "trpc-to-openapi";
import { appRouter } from "../root.js";
import { createContext, type AppServices } from "../trpc.js";
import { clientIp } from "./client-ip.js";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

export function restHandler(services: AppServices) {
  return async (c: HonoContext): Promise<Response> => {
    const method = c.req.method;
    const headers = new Headers(c.req.raw.headers);
    let body: string | undefined;
    if (METHODS_WITH_BODY.has(method)) {
      body = await c.req.text();
      // A bodiless POST (logout) is an empty object, not a 415 or a JSON parse error.
      if (body.trim() === "") {
        body = "{}";
        headers.set("content-type", "application/json");
      }
    }
    // trpc-to-openapi strips "/api" from the whole URL (so a host named api.* would break): rebuild the
    // request on a neutral origin from the path alone.
    const url = new URL(c.req.path + new URL(c.req.url).search, "http://internal");
    const req = new Request(url, { method, headers, body });
    const resHeaders = new Headers();
    const response = await createOpenApiFetchHandler({
      endpoint: "/api",
      router: appRouter,
      req,
      createContext: () => createContext(services, { headers: c.req.raw.headers, ip: clientIp(c, services.config), resHeaders }),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") console.error(`REST ${method} ${path ?? c.req.path}:`, error.cause ?? error);
      },
    });
    // createContext receives no response headers from the adapter: copy ours (cookies, Retry-After) on.
    const out = new Headers(response.headers);
    resHeaders.forEach((value, key) => out.append(key, value));
    if (response.ok) return new Response(response.body, { status: response.status, headers: out });
    return new Response(JSON.stringify(await restError(response)), { status: response.status, headers: out });
  };
}

interface TrpcOpenApiError {
  message?: string;
  code?: string;
  issues?: { path?: PropertyKey[]; message: string }[];
}

const PARSE_ERROR_MESSAGE = "The request body is not valid JSON";

async function restError(response: Response) {
  let body: TrpcOpenApiError = {};
  try {
    body = (await response.json()) as TrpcOpenApiError;
  } catch {
    // Not JSON: fall back to the status alone.
  }
  const issues = body.issues?.map((i) => ({ path: (i.path ?? []).map(String), message: i.message }));
  const error = issues?.length
    ? issues.map((i) => i.message).join(". ")
    : body.code === "PARSE_ERROR"
      ? PARSE_ERROR_MESSAGE
      : body.code === "INTERNAL_SERVER_ERROR"
        ? "Internal server error"
        : (body.message ?? response.statusText);
  return { error, code: body.code ?? "ERROR", ...(issues?.length ? { issues } : {}) };
}
