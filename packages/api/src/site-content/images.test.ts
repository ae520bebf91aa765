// The site's images over real HTTP (docs/features.md §20): editors upload a logo, checked by its content
// and size with nothing stored on a refusal; anyone reads it, cached for good since an id never changes.
import { SITE_IMAGE_LIMITS, SITE_IMAGE_REFUSALS } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { count, siteImages } from "@repo/db";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PDF, PNG } from "../test/mails.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);

const JPEG = Buffer.from([
  0xff,
  0xd8,
  0xff,
  0xe0,
  0x00,
  0x10,
  ...Buffer.from("JFIF\0"),
  0x01,
  0x01,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
]);
const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from("WEBPVP8 "),
  Buffer.from([14, 0, 0, 0, 0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, 1, 0, 1, 0, 0, 0, 0, 0]),
]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function upload(file: { name: string; bytes: Buffer }, email?: string): Promise<Response> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return server.request("/api/site-content/images", {
    method: "POST",
    body: form,
    token: email ? tokens[email] : undefined,
  });
}

async function uploaded(file: { name: string; bytes: Buffer }, email = AGENT): Promise<string> {
  const res = await upload(file, email);
  expect(res.status, await res.clone().text()).toBe(201);
  const { url } = (await res.json()) as { url: string };
  expect(url).toMatch(/^\/api\/site\/images\/[0-9a-f-]{36}$/);
  return url;
}

const imageCount = async () => (await server.services.db.select({ n: count() }).from(siteImages))[0]!.n;

async function storedImages(): Promise<string[]> {
  const keys = [];
  for await (const key of server.services.files.keys()) if (key.startsWith("site-images/")) keys.push(key);
  return keys;
}

describe("uploading a logo", () => {
  it("takes a PNG, JPEG or WebP image from an agent or an admin, found by its content, and anyone reads it", async () => {
    const png = await uploaded({ name: "logo.png", bytes: PNG });
    await uploaded({ name: "logo.jpg", bytes: JPEG }, ADMIN);
    // The name says PNG; the bytes are a WebP image, served as one.
    const webp = await uploaded({ name: "logo.png", bytes: WEBP });

    const res = await server.request(png);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect((await server.request(webp)).headers.get("content-type")).toBe("image/webp");
  });

  it("refuses a viewer, a client and a visitor, storing nothing", async () => {
    const [rows, files] = [await imageCount(), await storedImages()];
    await expectRefused(
      await upload({ name: "a.png", bytes: PNG }, VIEWER),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await upload({ name: "a.png", bytes: PNG }, ACME)).status).toBe(403);
    expect((await upload({ name: "a.png", bytes: PNG })).status).toBe(401);
    expect(await imageCount()).toBe(rows);
    expect(await storedImages()).toEqual(files);
  });

  it("refuses what is not a PNG, JPEG or WebP image by its content (an SVG too) and one over 1 MB", async () => {
    const [rows, files] = [await imageCount(), await storedImages()];
    const refusedAs = async (file: { name: string; bytes: Buffer }, code: number, message: string) =>
      expectRefused(await upload(file, AGENT), code, message, code === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST");

    await refusedAs({ name: "logo.svg", bytes: SVG }, 400, SITE_IMAGE_REFUSALS.type);
    await refusedAs({ name: "logo.pdf", bytes: PDF }, 400, SITE_IMAGE_REFUSALS.type);
    await refusedAs(
      { name: "logo.gif", bytes: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1") },
      400,
      SITE_IMAGE_REFUSALS.type,
    );
    await refusedAs(
      { name: "logo.png", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
      400,
      SITE_IMAGE_REFUSALS.type,
    );
    const large = Buffer.concat([PNG, Buffer.alloc(SITE_IMAGE_LIMITS.maxBytes + 1 - PNG.length)]);
    await refusedAs({ name: "huge.png", bytes: large }, 413, SITE_IMAGE_REFUSALS.size);

    expect(await imageCount()).toBe(rows);
    expect(await storedImages()).toEqual(files);
  });

  it("answers 404 for an unknown image or no id at all", async () => {
    await expectRefused(
      await server.request("/api/site/images/01234567-89ab-7def-8123-456789abcdef"),
      404,
      "Image not found",
      "NOT_FOUND",
    );
    expect((await server.request("/api/site/images/not-an-id")).status).toBe(404);
  });
});
