// Response compression (gzip or deflate, as the client accepts), in place of hono/compress, because of
// the light responses of @hono/node-server, which are written in one piece from the body and headers
// they were made with: hono/compress adds `Vary` through c.header(), which on a finished response
// rebuilds it around its body as a stream, so every answer, compressed or not, went out as a chunked
// stream (docs/performance.md §3). Here it is a finisher of server/finished-response.ts.
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";
import type { Finisher } from "./finished-response.js";

const THRESHOLD_BYTES = 1024;
const ENCODINGS = ["gzip", "deflate"] as const;
type Encoding = (typeof ENCODINGS)[number];
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const VARIES_ON_ENCODING = /(?:^|,)\s*(?:\*|accept-encoding)\s*(?:,|$)/i;

/** The first of our encodings the Accept-Encoding header allows (q > 0), by its q-value. */
export function chooseEncoding(accept: string | undefined): Encoding | undefined {
  if (!accept) return undefined;
  const weights = new Map<string, number>();
  for (const part of accept.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    weights.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of ENCODINGS) {
    const q = weights.get(encoding) ?? weights.get("*") ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

export function compression(): Finisher {
  return (c, res) => {
    if (res.status === 101) return;
    const { headers } = res;
    const vary = headers.get("Vary");
    if (!vary) headers.set("Vary", "Accept-Encoding");
    else if (!VARIES_ON_ENCODING.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);

    // A body under the threshold goes as it is, whether its length is a header or known from the body
    // itself (a route's JSON or text answer), before the request's Accept-Encoding is even read.
    const length = res.length;
    const type = headers.get("Content-Type");
    if (
      res.status === 206 ||
      c.req.method === "HEAD" ||
      headers.has("Content-Encoding") ||
      headers.has("Transfer-Encoding") ||
      (length !== undefined && length < THRESHOLD_BYTES) ||
      !type ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      NO_TRANSFORM.test(headers.get("Cache-Control") ?? "")
    )
      return;
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    const body = res.stream();
    if (!body) return;
    res.setBody(body.pipeThrough(new CompressionStream(encoding)));
    // The length was the plain body's.
    headers.delete("Content-Length");
    headers.set("Content-Encoding", encoding);
    const etag = headers.get("ETag");
    if (etag && !etag.startsWith("W/")) headers.set("ETag", `W/${etag}`);
  };
}
