// REST: the tRPC procedures at the paths of docs/product-spec.md §7, through trpc-to-openapi's fetch handler.
// Errors are reshaped to the REST error body of server/http.ts with the status trpc-to-openapi chose.
import { TRPCError } from "@trpc/server";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";
import { appRouter } from "../root.js";
import type { Context } from "../context.js";
import { StaleVersionError } from "../errors.js";
import { reportError } from "../logger.js";
import { adapterRequest, restErrorBody, type AppContext } from "./http.js";

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH"]);

/**
 * trpc-to-openapi's own fetch adapter rebuilds its handler (route table, and in development the whole
 * OpenAPI document) on every request, and strips "/api" from the whole URL, host included. We build the
 * handler once and hand it each request the way its fetch adapter does: a Request whose `url` is the
 * path below /api and whose `body` is the parsed JSON.
 */
export function restHandler() {
  const contexts = new WeakMap<object, () => Promise<Context>>();
  // A stale edit's current record, by request: trpc-to-openapi's error body keeps only message and code.
  const currents = new WeakMap<object, unknown>();
  const handle = createOpenApiNodeHttpHandler({
    router: appRouter,
    createContext: ({ req }: { req: object }) => contexts.get(req)!(),
    onError: ({ error, path, req }: { error: TRPCError; path?: string; req: object }) => {
      if (error.cause instanceof StaleVersionError) currents.set(req, error.cause.current);
      if (error.code === "INTERNAL_SERVER_ERROR") reportError(error.cause ?? error, `REST ${path} failed`);
    },
  } as never);

  return async (c: AppContext): Promise<Response> => {
    const method = c.req.method;
    let headers = c.req.raw.headers;
    let body: { ok: true; data: unknown } | { ok: false; cause: unknown } = { ok: true, data: undefined };
    if (METHODS_WITH_BODY.has(method)) {
      const text = await c.req.text();
      // A bodiless POST (logout) is an empty object, not a 415 or a JSON parse error.
      if (text.trim() === "") {
        headers = new Headers(headers);
        headers.set("content-type", "application/json");
      }
      try {
        body = { ok: true, data: text.trim() === "" ? {} : JSON.parse(text) };
      } catch (cause) {
        body = { ok: false, cause };
      }
    }
    const queryAt = c.req.url.indexOf("?");
    const url = `http://internal${c.req.path.replace(/^\/api/, "")}${queryAt < 0 ? "" : c.req.url.slice(queryAt)}`;
    // No signal: the procedures never read one, and trpc-to-openapi only passes it along.
    const request = adapterRequest(c.req.raw, {
      url,
      headers,
      body: {
        get() {
          if (!body.ok)
            throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause });
          return body.data;
        },
      },
    });
    // A plain object, as node's setHeader keeps them (a name set again replaces its value): the answer is
    // then one of @hono/node-server's light responses (server/finished-response.ts). trpc-to-openapi sets
    // only Content-Type here; a procedure's own headers (Set-Cookie) come through the context.
    const resHeaders: Record<string, string> = {};
    // Procedures check a key's scopes themselves (trpc.ts), so this route takes keys (decision 0045).
    c.set("acceptsApiKeys", true);
    contexts.set(request, c.get("context"));
    const response = await new Promise<Response>((resolve) => {
      let status = 200;
      const res = {
        setHeader(key: string, value: string | string[]) {
          resHeaders[key.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
        },
        get statusCode() {
          return status;
        },
        set statusCode(code: number) {
          status = code;
        },
        end(payload?: string) {
          resolve(new Response(payload ?? null, { status, headers: resHeaders }));
        },
      };
      void handle(request as never, res as never);
    });
    if (response.ok) return response;
    const error = {
      ...(await restError(response)),
      ...(currents.has(request) ? { current: currents.get(request) } : {}),
    };
    return new Response(JSON.stringify(error), { status: response.status, headers: resHeaders });
  };
}

interface TrpcOpenApiError {
  message?: string;
  code?: string;
  issues?: { path?: PropertyKey[]; message: string }[];
  /** The error formatter's data (trpc.ts): a domain error's reason, a sign-in's second step. */
  data?: { reason?: string; secondStep?: { code: string; challenge: string; secondFactor: string } };
}

async function restError(response: Response) {
  let body: TrpcOpenApiError = {};
  try {
    body = (await response.json()) as TrpcOpenApiError;
  } catch {
    // Not JSON: fall back to the status alone.
  }
  const issues = body.issues?.map((i) => ({ path: (i.path ?? []).map(String), message: i.message }));
  const restBody = restErrorBody(
    body.data?.reason ?? body.code ?? "ERROR",
    body.message ?? response.statusText,
    issues,
  );
  // A sign-in's 401 for its second factor: the machine-readable reason replaces UNAUTHORIZED, with the
  // challenge beside it (docs/decisions/0030).
  return body.data?.secondStep ? { ...restBody, ...body.data.secondStep } : restBody;
}
