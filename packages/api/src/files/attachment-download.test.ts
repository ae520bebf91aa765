// GET /api/attachments/{id} and the attachments of ticket reads: files that came by mail, seen by staff
// and by the ticket's own company only, never an internal note's, and gone with their ticket.
import { beforeAll, describe, expect, it } from "vitest";
import { eq, ticketComments } from "@repo/db";
import { ACME, BIRCH } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PDF, PNG, compose, withImageAndPdf } from "../test/mails.js";
import { ingestMail } from "../mail/inbound/ingest.js";
import { type AttachmentSummary, attachmentKeys, storeAttachments } from "./attachments.js";

const ADMIN = "admin@northwind.test";
const { server, tokens } = serverForFile([ADMIN, ACME, BIRCH]);

// What ticket reads list is exactly the summary the server builds.
type Listed = AttachmentSummary;

async function ticketFiles(path: string, token: string): Promise<Listed[]> {
  const res = await server.request(path, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { attachments: Listed[] }).attachments;
}

describe("attachments that came by mail", () => {
  let ticketId: string;
  let files: Listed[];

  beforeAll(async () => {
    const result = await ingestMail(server.services, await withImageAndPdf(ACME), "webhook");
    ticketId = result.ticketId!;
    files = await ticketFiles(`/api/tickets/${ticketId}`, tokens[ADMIN]!);
  });

  it("are stored with the type their content has, the inline image marked", () => {
    expect(files.map((f) => [f.filename, f.contentType, f.size, f.inline, f.commentId])).toEqual([
      ["screenshot.png", "image/png", PNG.length, true, null],
      ["report.pdf", "application/pdf", PDF.length, false, null],
    ]);
  });

  it("are served to staff and to the ticket's company as downloads with nosniff", async () => {
    for (const token of [tokens[ADMIN]!, tokens[ACME]!]) {
      const res = await server.request(`/api/attachments/${files[1]!.id}`, { token });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
    expect(await ticketFiles(`/api/client/tickets/${ticketId}`, tokens[ACME]!)).toHaveLength(2);
  });

  it("are not found for another company, nor without a session", async () => {
    const other = await server.request(`/api/attachments/${files[0]!.id}`, { token: tokens[BIRCH] });
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: "Attachment not found" });
    expect((await server.request(`/api/attachments/${files[0]!.id}`)).status).toBe(401);
    expect((await server.request("/api/attachments/not-an-id", { token: tokens[ADMIN] })).status).toBe(404);
  });

  it("of an internal note are never a client's", async () => {
    const note = await server.request(`/api/tickets/${ticketId}/comments`, {
      method: "POST",
      token: tokens[ADMIN],
      json: { content: "Log from the printer", internal: true },
    });
    const { id: commentId } = (await note.json()) as { id: string };
    const [row] = await server.services.db.select().from(ticketComments).where(eq(ticketComments.id, commentId));
    expect(row!.internal).toBe(true);
    await storeAttachments(server.services.db, server.services.files, { ticketId, commentId }, [
      { filename: "printer.log", bytes: Buffer.from("jam at tray 2\n"), contentType: "text/plain" },
    ]);
    const staffView = await ticketFiles(`/api/tickets/${ticketId}`, tokens[ADMIN]!);
    const noteFile = staffView.find((f) => f.commentId === commentId)!;
    expect(noteFile.filename).toBe("printer.log");

    expect((await server.request(`/api/attachments/${noteFile.id}`, { token: tokens[ACME] })).status).toBe(404);
    expect((await server.request(`/api/attachments/${noteFile.id}`, { token: tokens[ADMIN] })).status).toBe(200);
    const clientView = await ticketFiles(`/api/client/tickets/${ticketId}`, tokens[ACME]!);
    expect(clientView.map((f) => f.id)).not.toContain(noteFile.id);
  });

  it("a file of a refused type is not attached, and the text says so", async () => {
    const raw = await compose({
      from: ACME,
      subject: "Installer fails",
      text: "The installer fails.",
      attachments: [
        { filename: "setup.exe", content: Buffer.concat([Buffer.from("MZ"), Buffer.alloc(256, 1)]) },
        { filename: "error.png", content: PNG },
      ],
    });
    const result = await ingestMail(server.services, raw, "webhook");
    const res = await server.request(`/api/tickets/${result.ticketId}`, { token: tokens[ADMIN] });
    const ticket = (await res.json()) as { description: string; attachments: Listed[] };
    expect(ticket.attachments.map((f) => f.filename)).toEqual(["error.png"]);
    expect(ticket.description).toBe(
      "The installer fails.\n\n[setup.exe was not attached: This type of file is not allowed]",
    );
  });

  it("are deleted, rows and files, with their ticket", async () => {
    const result = await ingestMail(server.services, await withImageAndPdf(ACME), "webhook");
    const listed = await ticketFiles(`/api/tickets/${result.ticketId}`, tokens[ADMIN]!);
    expect(listed).toHaveLength(2);
    const keys = await attachmentKeys(server.services.db, [result.ticketId!]);
    for (const key of keys) expect(await server.services.files.get(key)).not.toBeNull();
    const res = await server.request(`/api/tickets/${result.ticketId}`, { method: "DELETE", token: tokens[ADMIN] });
    expect(res.status).toBe(200);
    for (const file of listed) {
      expect((await server.request(`/api/attachments/${file.id}`, { token: tokens[ADMIN] })).status).toBe(404);
    }
    for (const key of keys) expect(await server.services.files.get(key)).toBeNull();
  });
});
