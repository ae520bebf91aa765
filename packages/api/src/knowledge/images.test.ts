// Images in articles over real HTTP (docs/features.md §17): editors upload them for one article, checked by
// their content and size with nothing stored on a refusal, and anyone reads one only if they may read its
// article; anything else is 404, so an image's id tells nothing.
import { ARTICLE_IMAGE_LIMITS, ARTICLE_IMAGE_REFUSALS, type ApiKeyCreated } from "@repo/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { articleImages, count } from "@repo/db";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PDF, PNG } from "../test/mails.js";
import { expectRefused } from "../test/refusals.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);
let acme: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
});

const editor = "/api/knowledge/editor/articles";
const GIF = Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1");

async function article(fields: Record<string, unknown>, publish = true): Promise<string> {
  const json = { title: "Printer setup", category: "How-to", body: "Steps.", ...fields };
  const res = await server.request(editor, { method: "POST", json, token: tokens[AGENT] });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  if (publish)
    expect((await server.request(`${editor}/${id}/publish`, { method: "POST", token: tokens[AGENT] })).status).toBe(
      200,
    );
  return id;
}

function upload(articleId: string, file: { name: string; bytes: Buffer }, token?: string): Promise<Response> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file.bytes)]), file.name);
  return server.request(`${editor}/${articleId}/images`, { method: "POST", body: form, token });
}

async function imageOf(articleId: string, file = { name: "printer.png", bytes: PNG }): Promise<string> {
  const res = await upload(articleId, file, tokens[AGENT]);
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const imageCount = async () => (await server.services.db.select({ n: count() }).from(articleImages))[0]!.n;

async function storedImages(): Promise<string[]> {
  const keys = [];
  for await (const key of server.services.files.keys()) if (key.startsWith("article-images/")) keys.push(key);
  return keys;
}

const status = async (id: string, email?: string) =>
  (await server.request(`/api/knowledge/images/${id}`, { token: email ? tokens[email] : undefined })).status;

describe("uploading an image to an article", () => {
  it("takes a PNG or GIF from an agent or an admin and answers its id and the address to link", async () => {
    const id = await article({ slug: "image-upload", visibility: "internal" }, false);
    const res = await upload(id, { name: "C:\\shots\\printer.png", bytes: PNG }, tokens[AGENT]);
    expect(res.status).toBe(201);
    const image = (await res.json()) as {
      id: string;
      url: string;
      filename: string;
      contentType: string;
      size: number;
    };
    expect(image).toMatchObject({ filename: "printer.png", contentType: "image/png", size: PNG.length });
    expect(image.url).toBe(`/api/knowledge/images/${image.id}`);

    const gif = await upload(id, { name: "spinner.gif", bytes: GIF }, tokens[ADMIN]);
    expect(gif.status).toBe(201);
    expect(await gif.json()).toMatchObject({ contentType: "image/gif" });
  });

  it("refuses a viewer, a client, a visitor and a key bound to a company, storing nothing", async () => {
    const id = await article({ slug: "image-refused-callers", visibility: "public" });
    const [rows, files] = [await imageCount(), await storedImages()];
    await expectRefused(
      await upload(id, { name: "a.png", bytes: PNG }, tokens[VIEWER]),
      403,
      "Viewers have read-only access",
      "FORBIDDEN",
    );
    expect((await upload(id, { name: "a.png", bytes: PNG }, tokens[ACME])).status).toBe(403);
    expect((await upload(id, { name: "a.png", bytes: PNG })).status).toBe(401);

    const key = await server.request("/api/api-keys", {
      method: "POST",
      token: tokens[ADMIN],
      json: { name: "Images key", scopes: ["knowledge:write"], clientId: acme },
    });
    const { secret } = (await key.json()) as ApiKeyCreated;
    expect((await upload(id, { name: "a.png", bytes: PNG }, secret)).status).toBe(403);

    expect(await imageCount()).toBe(rows);
    expect(await storedImages()).toEqual(files);
  });

  it("refuses what is not an image by its content, an image over the limit and an unknown article", async () => {
    const id = await article({ slug: "image-refused-files", visibility: "public" });
    const [rows, files] = [await imageCount(), await storedImages()];
    const refusedAs = async (file: { name: string; bytes: Buffer }, code: number, message: string) =>
      expectRefused(
        await upload(id, file, tokens[AGENT]),
        code,
        message,
        code === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST",
      );

    await refusedAs({ name: "invoice.pdf", bytes: PDF }, 400, ARTICLE_IMAGE_REFUSALS.type);
    // The name and the declared type say PNG; the bytes are a page.
    await refusedAs(
      { name: "photo.png", bytes: Buffer.from("<html><script>alert(1)</script></html>") },
      400,
      ARTICLE_IMAGE_REFUSALS.type,
    );
    await refusedAs({ name: "notes.txt", bytes: Buffer.from("plain words") }, 400, ARTICLE_IMAGE_REFUSALS.type);
    await refusedAs(
      { name: "vector.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      400,
      ARTICLE_IMAGE_REFUSALS.type,
    );
    const large = Buffer.concat([PNG, Buffer.alloc(ARTICLE_IMAGE_LIMITS.maxBytes + 1 - PNG.length)]);
    await refusedAs({ name: "huge.png", bytes: large }, 413, ARTICLE_IMAGE_REFUSALS.size);
    const missing = "01234567-89ab-7def-8123-456789abcdef";
    await expectRefused(
      await upload(missing, { name: "a.png", bytes: PNG }, tokens[AGENT]),
      404,
      "Article not found",
      "NOT_FOUND",
    );

    expect(await imageCount()).toBe(rows);
    expect(await storedImages()).toEqual(files);
  });
});

describe("reading an article's image", () => {
  it("answers a visitor the image of a published public article, as an image nothing in can run", async () => {
    const image = await imageOf(await article({ slug: "image-public", visibility: "public" }));
    const res = await server.request(`/api/knowledge/images/${image}`);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="printer.png"/);
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(res.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("follows the article: not a draft's, an internal one's or another company's, each a 404", async () => {
    const draft = await imageOf(await article({ slug: "image-draft", visibility: "public" }, false));
    const internal = await imageOf(await article({ slug: "image-internal", visibility: "internal" }));
    const forAcme = await imageOf(await article({ slug: "image-acme", visibility: "companies", companyIds: [acme] }));
    const forClients = await imageOf(await article({ slug: "image-clients", visibility: "clients" }));

    for (const id of [draft, internal, forAcme, forClients]) expect(await status(id)).toBe(404);
    for (const id of [draft, internal]) expect(await status(id, ACME)).toBe(404);
    await expectRefused(
      await server.request(`/api/knowledge/images/${forAcme}`, { token: tokens[BIRCH] }),
      404,
      "Image not found",
      "NOT_FOUND",
    );
    expect(await status(forClients, BIRCH)).toBe(200);

    const acmes = await server.request(`/api/knowledge/images/${forAcme}`, { token: tokens[ACME] });
    expect(acmes.status).toBe(200);
    expect(acmes.headers.get("cache-control")).toBe("private, max-age=300");

    // Staff read every article's images, in every state; a VIEWER too.
    for (const id of [draft, internal, forAcme]) expect(await status(id, VIEWER)).toBe(200);
    // An id that is no image, or no id at all.
    expect(await status("01234567-89ab-7def-8123-456789abcdef", ADMIN)).toBe(404);
    expect(await status("not-an-id", ADMIN)).toBe(404);
  });
});
