// The headers our middleware adds to every answer (security headers, Vary and compression, the request
// id): each concern is a finisher, and one middleware runs them all on the route's finished response,
// editing its parts once, rather than each editing `c.res.headers`.
//
// @hono/node-server answers a Response made from a string, bytes or a stream and a plain-object `headers`
// by writing that object as it is (its "light" path). Reading such a response's `headers` builds undici's
// Headers (WebIDL checks on every name and value), which the server then turns back into an object
// (buildOutgoingHttpHeaders), and each middleware layer adds promises, which AsyncLocalStorage (the
// request's scope, logger.ts) makes dearer: docs/performance.md §10. So a light response is read here as
// the parts it was made with, its headers edited as one plain object (names in lower case, as undici gives
// them), and those parts changed in place, so the response stays the same light one, without a promise
// unless a finisher reads the body. Any other response is edited through its Headers, as before.
//
// The parts sit under a symbol @hono/node-server does not export; it is found by its description on a
// response of the global class (which the server replaces when it starts). Without it, every response
// takes the Headers path: slower, the same headers (finished-response.test.ts checks both paths).
import type { Context, MiddlewareHandler } from "hono";

type Bytes = Uint8Array<ArrayBuffer>;

/** Headers read and set by name in any case, as on undici's Headers. */
export type HeaderEditor = Pick<Headers, "get" | "has" | "set" | "delete">;

/** A finished response as a middleware may edit it: its headers, and its body read or replaced. */
export interface FinishedResponse {
  readonly status: number;
  readonly headers: HeaderEditor;
  readonly hasBody: boolean;
  /** The body's length in bytes when known without reading it (its Content-Length, or a string's length). */
  readonly length: number | undefined;
  /** The body, read whole. */
  text(): Promise<string>;
  /** The body as a stream (read once). */
  stream(): ReadableStream<Bytes> | null;
  /** Replaces the body; the headers stay as they are edited. */
  setBody(body: string | ReadableStream<Bytes>): void;
}

type LightBody = string | Bytes | Blob | ReadableStream<Bytes>;
/** What @hono/node-server keeps of a light response: status, body and the `headers` it was made with. */
type LightParts = [status: number, body: LightBody, headers: unknown];

let lightKey: { of: typeof Response; key: symbol | undefined } | undefined;

/** The parts a light response was made with, or undefined for any other response. */
function lightParts(res: Response): LightParts | undefined {
  const Global = globalThis.Response;
  if (lightKey?.of !== Global) {
    const probe = new Global("");
    lightKey = { of: Global, key: Object.getOwnPropertySymbols(probe).find((s) => s.description === "cache") };
  }
  const parts = lightKey.key === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[lightKey.key];
  return Array.isArray(parts) && parts.length === 3 ? (parts as LightParts) : undefined;
}

/** Whether `res` is one of @hono/node-server's light responses, which finishing keeps light. */
export const isLightResponse = (res: Response): boolean => lightParts(res) !== undefined;

/**
 * A light response's headers as a plain object with lower-case names, or undefined when they cannot be
 * one: a response without headers is text, as @hono/node-server answers it; cookies keep their Headers
 * (several Set-Cookie lines would be joined into one in an object).
 */
function plainHeaders(init: unknown): Record<string, string> | undefined {
  if (init === undefined || init === null) return { "content-type": "text/plain; charset=UTF-8" };
  if (init instanceof Headers) {
    if (init.has("set-cookie")) return undefined;
    return Object.fromEntries(init);
  }
  if (Array.isArray(init) || typeof init !== "object") return undefined;
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(init)) {
    if (typeof value !== "string") return undefined;
    record[name.toLowerCase()] = value;
  }
  return "set-cookie" in record ? undefined : record;
}

class PlainHeaders implements HeaderEditor {
  constructor(readonly record: Record<string, string>) {}
  get(name: string): string | null {
    return this.record[name.toLowerCase()] ?? null;
  }
  has(name: string): boolean {
    return name.toLowerCase() in this.record;
  }
  set(name: string, value: string): void {
    this.record[name.toLowerCase()] = value;
  }
  delete(name: string): void {
    delete this.record[name.toLowerCase()];
  }
}

/** Sets `c.res` without Hono copying the old response's headers onto it (they are its own already). */
function replaceResponse(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

function bodyLength(body: LightBody): number | undefined {
  if (typeof body === "string") return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  if (body instanceof Blob) return body.size;
  return undefined;
}

function lengthHeader(headers: HeaderEditor): number | undefined {
  const length = headers.get("Content-Length");
  return length ? Number(length) : undefined;
}

/**
 * Edits one finished response: a finisher sets headers, and may read or replace the body (the only
 * reason to return a promise).
 */
export type Finisher = (c: Context, response: FinishedResponse) => void | Promise<void>;

/** Runs `finishers` in order, waiting only for one that returns a promise. */
function runAll(c: Context, response: FinishedResponse, finishers: Finisher[], from = 0): void | Promise<void> {
  for (let i = from; i < finishers.length; i++) {
    const pending = finishers[i]!(c, response);
    if (pending) return pending.then(() => runAll(c, response, finishers, i + 1));
  }
}

const then = (pending: void | Promise<void>, done: () => void): void | Promise<void> =>
  pending ? pending.then(done) : done();

/** A light response: edited as one plain object, then made again from its parts. */
function finishLight(c: Context, parts: LightParts, record: Record<string, string>, finishers: Finisher[]) {
  const [status, original] = parts;
  let body: LightBody | null = original;
  const headers = new PlainHeaders(record);
  const response: FinishedResponse = {
    status,
    headers,
    hasBody: true,
    get length() {
      return lengthHeader(headers) ?? (body === null ? undefined : bodyLength(body));
    },
    text: async () => {
      if (typeof body === "string") return body;
      const text = await new Response(body).text();
      body = text;
      return text;
    },
    stream: () => {
      const current = body;
      body = null;
      if (current === null) return null;
      if (current instanceof ReadableStream) return current;
      return (current instanceof Blob ? current : new Blob([current])).stream();
    },
    setBody: (replacement) => {
      body = replacement;
    },
  };
  // The parts are edited in place: the same response, light still. Making a new one and setting `c.res`
  // to it doubled /healthz's CPU per request (docs/performance.md §10c).
  return then(runAll(c, response, finishers), () => {
    parts[1] = body ?? "";
    parts[2] = record;
  });
}

/**
 * Any other response: edited through its Headers. Reading the body of one of @hono/node-server's responses
 * makes it again from the headers it was made with, dropping what the finishers set: so the Headers are
 * taken first, and a response whose body was looked at is made again from them.
 */
function finishThroughHeaders(c: Context, finishers: Finisher[]) {
  const res = c.res;
  const { status, headers } = res;
  let body: () => BodyInit | null = () => res.body;
  let bodyRead = false;
  const readBody = () => {
    bodyRead = true;
    return res;
  };
  const response: FinishedResponse = {
    status,
    headers,
    get hasBody() {
      return readBody().body !== null;
    },
    get length() {
      return lengthHeader(headers);
    },
    text: () => readBody().text(),
    stream: () => readBody().body,
    setBody: (replacement) => {
      bodyRead = true;
      body = () => replacement;
    },
  };
  return then(runAll(c, response, finishers), () => {
    if (bodyRead) replaceResponse(c, new Response(body(), { status, headers }));
  });
}

/** Runs `finishers` on the response the route finished (`c.res`), keeping it light when it is. */
export function finishResponse(c: Context, finishers: Finisher[]): void | Promise<void> {
  const parts = lightParts(c.res);
  const record = parts && plainHeaders(parts[2]);
  return parts && record ? finishLight(c, parts, record, finishers) : finishThroughHeaders(c, finishers);
}

/** The middleware that runs `finishers`, in order, on every response once the route has answered. */
export function finishResponses(...finishers: Finisher[]): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const pending = finishResponse(c, finishers);
    if (pending) await pending;
  };
}
