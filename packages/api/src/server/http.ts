// The HTTP edge: what every Hono route shares. The request context (the caller's session, address and
// the headers a procedure adds to the response) is built here once per request, and every error that
// leaves a route becomes the REST body `{ error, code, issues? }` with its status here, once.
import { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import type { Context as HonoContext, MiddlewareHandler } from "hono";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { ZodError } from "zod";
import type { SessionAuth } from "../auth/session.js";
import { asDomainError, DomainError, InvalidError, zodIssues } from "../errors.js";
import { currentRequestId, reportError } from "../logger.js";
import { toTRPCError } from "../trpc.js";
import { createContext, type AppServices, type Context } from "../context.js";
import type { StoredStream } from "../files/store.js";
import { clientIp } from "./client-ip.js";

export interface AppEnv {
  Variables: {
    /** The request's context, built on first use and then shared by everything that handles the request. */
    context: () => Promise<Context>;
    /** The request's id, as in X-Request-Id (server/request-log.ts). */
    requestId?: string;
    /** The signed-in caller, once the request is answered (its log line: server/request-log.ts). */
    userId?: string;
    /**
     * Set by the tRPC and REST handlers before they build the context: only procedures, whose gate checks
     * a key's scopes (trpc.ts), take an API key. Every plain route refuses one (decision 0045).
     */
    acceptsApiKeys?: true;
  };
}

export type AppContext = HonoContext<AppEnv>;

/**
 * Puts `c.var.context` on the request. Headers a procedure sets on `ctx.resHeaders` (Set-Cookie,
 * Retry-After) are copied onto whatever response the route returns, errors included. `authenticate`
 * finds the caller's session (default: the session token from the Bearer header, then the cookie).
 */
export function requestContext(
  services: AppServices,
  authenticate?: (c: AppContext) => Promise<SessionAuth | null>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const resHeaders = new Headers();
    let context: Promise<Context> | undefined;
    c.set("context", () => {
      context ??= createContext(
        services,
        { headers: c.req.raw.headers, ip: clientIp(c, services.config), resHeaders },
        authenticate && (() => authenticate(c)),
        { acceptsApiKeys: c.get("acceptsApiKeys") === true },
      ).catch((error: unknown) => {
        // The session lookup is the first query of most requests: an outage here is a 503 too.
        const known = asDomainError(error);
        if (!known) throw error;
        if ("retryAfterSeconds" in known) resHeaders.set("Retry-After", String(known.retryAfterSeconds));
        throw toTRPCError(known);
      });
      return context;
    });
    await next();
    for (const [name, value] of resHeaders) c.res.headers.append(name, value);
    if (context)
      c.set(
        "userId",
        await context.then(
          (ctx) => ctx.user?.id,
          () => undefined,
        ),
      );
  };
}

/**
 * The request as the tRPC and REST adapters read it: method, url, headers, signal and (REST) a body
 * already parsed. @hono/node-server hands each route a light request that turns into undici's full
 * Request (a body stream, an AbortController) the first time its body or signal is read, and a copy
 * made with `new Request()` costs the same: on every GET that was a large share of the request's own
 * time (docs/performance.md §3). This object is a Request to `instanceof`, with its fields as plain own properties.
 */
export function adapterRequest(
  raw: Request,
  fields: { url?: string; headers?: Headers; signal?: AbortSignal; body?: PropertyDescriptor } = {},
): Request {
  const request = Object.create(Request.prototype, {
    method: { value: raw.method },
    url: { value: fields.url ?? raw.url },
    headers: { value: fields.headers ?? raw.headers },
    signal: { value: fields.signal },
    // trpc-to-openapi keeps the parsed query string on the request.
    query: { value: undefined, writable: true },
  });
  if (fields.body) Object.defineProperty(request, "body", fields.body);
  return request;
}

export interface RestError {
  error: string;
  code: string;
  issues?: { path: string[]; message: string }[];
  /** The request's id, as in X-Request-Id: what a person quotes to support (docs/architecture.md §16). */
  requestId?: string;
}

const PARSE_ERROR_MESSAGE = "The request body is not valid JSON";
const INTERNAL_MESSAGE = "Internal server error";

/** The REST error body: the issues' own messages when there are any, and never an internal message. */
export function restErrorBody(code: string, message: string, issues?: RestError["issues"]): RestError {
  const error = issues?.length
    ? issues.map((i) => i.message).join(". ")
    : code === "PARSE_ERROR"
      ? PARSE_ERROR_MESSAGE
      : code === "INTERNAL_SERVER_ERROR"
        ? INTERNAL_MESSAGE
        : message;
  const requestId = currentRequestId();
  return { error, code, ...(issues?.length ? { issues } : {}), ...(requestId ? { requestId } : {}) };
}

/** Any error as status, body and headers: domain errors, tRPC errors, zod failures; the rest is a 500. */
export function describeError(error: unknown): { status: number; body: RestError; headers: Headers } {
  const headers = new Headers();
  if (error instanceof ZodError)
    return { status: 400, body: restErrorBody("BAD_REQUEST", "", zodIssues(error)), headers };
  const known = asDomainError(error) ?? (error instanceof TRPCError ? error : null);
  if (!known) return { status: 500, body: restErrorBody("INTERNAL_SERVER_ERROR", ""), headers };
  if ("retryAfterSeconds" in known) headers.set("Retry-After", String(known.retryAfterSeconds));
  const issues = known.cause instanceof ZodError ? zodIssues(known.cause) : undefined;
  return {
    status: getHTTPStatusCodeFromError(new TRPCError({ code: known.code })),
    body: restErrorBody((known instanceof DomainError && known.reason) || known.code, known.message, issues),
    headers,
  };
}

/** A failed request answered as the REST API answers errors. */
export function errorResponse(error: unknown): Response {
  const { status, body, headers } = describeError(error);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status, headers });
}

/** The app's error handler: known errors keep their status; anything else is logged and is a 500. */
export function onAppError(error: Error, c: AppContext): Response {
  const response = errorResponse(error);
  if (response.status >= 500) reportError(error, `${c.req.method} ${c.req.path} failed`);
  return response;
}

/** A route's JSON body; a body that is not JSON is a 400 PARSE_ERROR (see onAppError). */
export async function readJson(c: AppContext): Promise<unknown> {
  return parseJson(await c.req.text());
}

/** Text as JSON; text that is not JSON is a 400 PARSE_ERROR (see onAppError). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new TRPCError({ code: "PARSE_ERROR", message: PARSE_ERROR_MESSAGE, cause });
  }
}

/**
 * A small body as text, read from Node's request as it arrives rather than through a web `Request`:
 * @hono/node-server builds that (undici's Request, a web stream over the socket, an abort signal) only
 * when asked for it, and for device check-ins by the thousand it was 5 % of the server's busy time
 * (docs/performance.md §5). Null past `maxBytes`, counted as the bytes arrive, so a body without a
 * Content-Length is held to the limit too; the caller answers 413 and closes the connection. Decoded as
 * `Request.text()` decodes (UTF-8, a byte-order mark dropped, a bad sequence replaced).
 */
export function readSmallBody(c: AppContext, maxBytes: number): Promise<string | null> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  // Not served by Node (app.request in a test), or the body is being read already: the web way.
  if (!(incoming instanceof IncomingMessage) || incoming.readableDidRead) return readWebBody(c, maxBytes);
  // Gone while the token was looked up: no event would come, and the promise would wait for ever.
  if (incoming.destroyed) return Promise.reject(bodyCutOff());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
      if (size <= maxBytes) return;
      // The rest flows on unread (the server drains it after the answer, which closes the connection).
      stop();
      resolve(null);
    };
    const onEnd = () => {
      stop();
      resolve(utf8.decode(Buffer.concat(chunks, size)));
    };
    // The client went away mid-body (its socket's error is not kept: ECONNRESET would read as the
    // database's, a 503 logged as an outage).
    const onError = () => {
      stop();
      reject(bodyCutOff());
    };
    const onClose = onError;
    incoming.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}

const utf8 = new TextDecoder();
const bodyCutOff = () => new InvalidError("The request body was cut off");

async function readWebBody(c: AppContext, maxBytes: number): Promise<string | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  // A reader rather than `for await`: the web app's type check reads this file with the DOM's types, whose
  // ReadableStream is not async-iterable.
  const reader = c.req.raw.body?.getReader();
  for (let read = await reader?.read(); reader && read && !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return utf8.decode(Buffer.concat(chunks, size));
}

/**
 * A stored file as a download, streamed from the store as it is read (never whole in memory): never
 * rendered as a page of ours (attachment, nosniff), never cached by a shared cache. The name goes plain
 * for old clients and UTF-8 encoded (RFC 6266) for the rest.
 */
export function fileDownload(file: StoredStream, contentType: string, filename: string): Response {
  return storedFileResponse(file, { contentType, filename, disposition: "attachment", cache: "private, no-store" });
}

/**
 * A stored file answered as it streams from the store, with nosniff and the name in Content-Disposition;
 * `headers` adds to (or replaces) the route's own, such as a stricter Content-Security-Policy.
 */
export function storedFileResponse(
  file: StoredStream,
  answer: {
    contentType: string;
    filename: string;
    disposition: "attachment" | "inline";
    cache: string;
    headers?: Record<string, string>;
  },
): Response {
  const { contentType, filename, disposition, cache } = answer;
  const plain = filename.replace(/[^\x20-\x7e]/g, "_").replace(/"/g, "");
  return new Response(Readable.toWeb(file.stream) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `${disposition}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": cache,
      ...answer.headers,
    },
  });
}
