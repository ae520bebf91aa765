// Attaching files from the forms: POST /api/attachments takes one file, checks it, and keeps it until the
// create or comment that names its id claims it. Over real HTTP, as the portals and the public form do.
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { attachments, count, eq, tickets } from "@repo/db";
import {
  ACME,
  ADMIN,
  AGENT,
  BIRCH,
  CLIENT_TICKET,
  PUBLIC_TICKET,
  VIEWER,
  demoCompanies,
  uploadFile,
  uploadedId,
} from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PDF, PNG } from "../test/mails.js";
import type { AttachmentSummary } from "./attachments.js";
import { UPLOAD_TTL_MS, purgeStaleUploads } from "./uploads.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH], { config: { TRUST_PROXY: 1 } });
let acme: string;
let visitor = 0;
/** A visitor's own address, clear of the per-address limits of other tests. */
const nextIp = () => `198.51.100.${++visitor}`;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
});

const png = { name: "screenshot.png", bytes: PNG };
/** An MPEG-1 layer III frame header: enough for a sniffer to call what follows audio/mpeg. */
const MP3_FRAME = Buffer.from([0xff, 0xfb, 0x90, 0x64]);
/** How a Windows program begins. */
const PE_HEAD = "MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00This program cannot be run in DOS mode.";
const pdf = { name: "invoice.pdf", bytes: PDF };

async function json<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const body = (await res.json()) as T;
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body;
}

const post = (path: string, json: unknown, token?: string, ip?: string) =>
  server.request(path, { method: "POST", json, token, headers: ip ? { "x-forwarded-for": ip } : {} });

async function filesOf(path: string, token: string): Promise<AttachmentSummary[]> {
  return (await json<{ attachments: AttachmentSummary[] }>(await server.request(path, { token }), 200)).attachments;
}

async function storedKeys(): Promise<string[]> {
  const keys = [];
  for await (const key of server.services.files.keys()) keys.push(key);
  return keys.sort();
}

const ticketCount = async () => (await server.services.db.select({ n: count() }).from(tickets))[0]!.n;

describe("POST /api/attachments", () => {
  it("takes a file and answers its id, name, type by content and size", async () => {
    const body = await json(await uploadFile(server, png, { token: tokens[ACME] }), 201);
    expect(body).toEqual({
      id: expect.any(String),
      filename: "screenshot.png",
      contentType: "image/png",
      size: PNG.length,
    });
  });

  it.each([
    [
      "a program named as a PDF",
      { name: "invoice.pdf", bytes: Buffer.from("MZ\x90\x00program") },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    [
      "an HTML page",
      { name: "notes.txt.html", bytes: Buffer.from("<script>alert(1)</script>") },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    [
      "a program behind an MP3 frame header (sniffed as audio/mpeg)",
      { name: "song.mp3", bytes: Buffer.concat([MP3_FRAME, Buffer.from(PE_HEAD, "latin1")]) },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    [
      "a Linux program behind an MP3 frame header",
      { name: "song.mp3", bytes: Buffer.concat([MP3_FRAME, Buffer.from("\x7fELF\x02\x01\x01\x00", "latin1")]) },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    [
      "HTML behind an MP3 frame header",
      { name: "song.mp3", bytes: Buffer.concat([MP3_FRAME, Buffer.from("<!DOCTYPE html><script>alert(1)</script>")]) },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    [
      "UTF-16 HTML (its byte-order mark sniffs as audio/mpeg)",
      {
        name: "page.mp3",
        bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("<html><script>alert(1)</script>", "utf16le")]),
      },
      400,
      ATTACHMENT_REFUSALS.type,
    ],
    ["an empty file", { name: "empty.txt", bytes: Buffer.alloc(0) }, 400, ATTACHMENT_REFUSALS.empty],
    [
      "a file over 32 MB",
      { name: "huge.log", bytes: Buffer.alloc(ATTACHMENT_LIMITS.maxFileBytes + 1, "a") },
      413,
      ATTACHMENT_REFUSALS.size,
    ],
  ])("refuses %s with its message, storing nothing", async (_, file, status, message) => {
    const before = (await server.services.db.select({ n: count() }).from(attachments))[0]!.n;
    const storedBefore = await storedKeys();
    expect(await json(await uploadFile(server, file, { token: tokens[AGENT] }), status)).toMatchObject({
      error: message,
    });
    expect((await server.services.db.select({ n: count() }).from(attachments))[0]!.n).toBe(before);
    expect(await storedKeys()).toEqual(storedBefore);
  });

  it("asks for the file in the field 'file'", async () => {
    const res = await server.request("/api/attachments", { method: "POST", json: { file: "x" }, token: tokens[AGENT] });
    expect(await json(res, 400)).toMatchObject({ error: 'Send one file in the form field "file"' });
  });

  it("is closed to a read-only viewer", async () => {
    expect(await json(await uploadFile(server, png, { token: tokens[VIEWER] }), 403)).toMatchObject({
      error: "Viewers have read-only access",
    });
  });

  it("limits a visitor's address to 30 files in 10 minutes", async () => {
    const ip = nextIp();
    for (let i = 0; i < 30; i++) await json(await uploadFile(server, png, { ip }), 201);
    const refused = await uploadFile(server, png, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address, and a signed-in person, are not affected.
    expect((await uploadFile(server, png, { ip: nextIp() })).status).toBe(201);
  });
});

describe("attaching uploads", () => {
  it("to a client's new ticket and comment: listed with the ticket, downloadable by its company only", async () => {
    const first = await uploadedId(server, png, { token: tokens[ACME] });
    const created = await json<{ id: string }>(
      await post("/api/client/tickets", { ...CLIENT_TICKET, attachments: [first] }, tokens[ACME]),
      200,
    );
    const second = await uploadedId(server, pdf, { token: tokens[ACME] });
    const comment = await json<{ id: string }>(
      await post(
        `/api/client/tickets/${created.id}/comments`,
        { content: "The bill", attachments: [second] },
        tokens[ACME],
      ),
      200,
    );

    const listed = await filesOf(`/api/client/tickets/${created.id}`, tokens[ACME]!);
    expect(listed.map((f) => [f.id, f.filename, f.commentId])).toEqual([
      [first, "screenshot.png", null],
      [second, "invoice.pdf", comment.id],
    ]);
    const download = await server.request(`/api/attachments/${second}`, { token: tokens[ACME] });
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await server.request(`/api/attachments/${second}`, { token: tokens[BIRCH] })).status).toBe(404);
    expect((await server.request(`/api/attachments/${second}`, { token: tokens[AGENT] })).status).toBe(200);
  });

  it("from the public form: a visitor's upload goes with the visitor's ticket", async () => {
    const ip = nextIp();
    const id = await uploadedId(server, pdf, { ip });
    const created = await json<{ id: string }>(
      await post("/api/tickets", { ...PUBLIC_TICKET, clientId: acme, attachments: [id] }, undefined, ip),
      200,
    );
    expect((await filesOf(`/api/tickets/${created.id}`, tokens[ADMIN]!)).map((f) => f.id)).toEqual([id]);
  });

  it("to a staff internal note: the client never sees nor fetches it", async () => {
    const created = await json<{ id: string }>(await post("/api/client/tickets", CLIENT_TICKET, tokens[ACME]), 200);
    const id = await uploadedId(
      server,
      { name: "server.log", bytes: Buffer.from("disk full\n") },
      { token: tokens[AGENT] },
    );
    await json(
      await post(
        `/api/tickets/${created.id}/comments`,
        { content: "Log", internal: true, attachments: [id] },
        tokens[AGENT],
      ),
      200,
    );
    expect((await filesOf(`/api/tickets/${created.id}`, tokens[AGENT]!)).map((f) => f.id)).toEqual([id]);
    expect(await filesOf(`/api/client/tickets/${created.id}`, tokens[ACME]!)).toEqual([]);
    expect((await server.request(`/api/attachments/${id}`, { token: tokens[ACME] })).status).toBe(404);
  });

  it("refuses another person's upload, or one already attached, and then creates nothing", async () => {
    const agents = await uploadedId(server, png, { token: tokens[AGENT] });
    const visitors = await uploadedId(server, png, { ip: nextIp() });
    const before = await ticketCount();
    for (const id of [agents, visitors, "0190a3d4-0000-7000-8000-000000000000"]) {
      const res = await post("/api/client/tickets", { ...CLIENT_TICKET, attachments: [id] }, tokens[ACME]);
      expect(await json(res, 400)).toMatchObject({ error: ATTACHMENT_REFUSALS.unknown });
    }
    expect(await ticketCount()).toBe(before);

    const mine = await uploadedId(server, png, { token: tokens[ACME] });
    await json(await post("/api/client/tickets", { ...CLIENT_TICKET, attachments: [mine] }, tokens[ACME]), 200);
    const again = await post("/api/client/tickets", { ...CLIENT_TICKET, attachments: [mine] }, tokens[ACME]);
    expect(await json(again, 400)).toMatchObject({ error: ATTACHMENT_REFUSALS.unknown });
    expect(await ticketCount()).toBe(before + 1);
  });

  it("takes at most 10 files on one write", async () => {
    const ids = await Promise.all(Array.from({ length: 11 }, () => uploadedId(server, png, { token: tokens[AGENT] })));
    const res = await post(
      "/api/tickets",
      { ...PUBLIC_TICKET, type: "INCIDENT", clientId: acme, attachments: ids },
      tokens[AGENT],
    );
    expect(await json(res, 400)).toMatchObject({ error: ATTACHMENT_REFUSALS.count });
  });
});

describe("uploads nobody attaches", () => {
  it("are purged after a day, rows and files; attached ones stay", async () => {
    const stale = await uploadedId(server, png, { token: tokens[AGENT] });
    const kept = await uploadedId(server, png, { token: tokens[ACME] });
    await json(await post("/api/client/tickets", { ...CLIENT_TICKET, attachments: [kept] }, tokens[ACME]), 200);
    const { db, files } = server.services;
    const keyOf = async (id: string) =>
      (await db.select({ key: attachments.fileKey }).from(attachments).where(eq(attachments.id, id)))[0]?.key;
    const staleKey = (await keyOf(stale))!;

    expect(await purgeStaleUploads(db, files, new Date(Date.now() + UPLOAD_TTL_MS - 60_000))).toBe(0);
    expect(await purgeStaleUploads(db, files, new Date(Date.now() + UPLOAD_TTL_MS + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await keyOf(stale)).toBeUndefined();
    expect(await files.get(staleKey)).toBeNull();
    expect(await keyOf(kept)).toBeDefined();
  });
});
