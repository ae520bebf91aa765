// Attachments in Chromium against the real server: files picked in the client and staff portals and the
// public form upload at once (POST /api/attachments), travel with the ticket or comment, show as previews
// and downloads; refused types and sizes say why beside the file. The REST checks at the end are the
// other side of the same files: what a client may not fetch.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACME, seeText } from "./client-session.js";
import { fillLabelled } from "./forms.js";
import { type E2E, startE2EForFile } from "./harness.js";
import { PASSWORD, STAFF, findTickets, staffToken } from "./staff-session.js";

const e2e = startE2EForFile();

// A 1x1 PNG, a minimal PDF, and a Windows program (refused by its content, whatever its name).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 0)]);

/**
 * A file on disk: Chromium reads a path itself, where a buffer travels the DevTools pipe as base64 (half a
 * minute for 33 MB on a busy machine). Playwright takes paths or buffers in one call, not both.
 */
function onDisk(name: string, bytes: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), "nw-e2e-")), name);
  writeFileSync(path, bytes);
  return path;
}

const screenshot = { name: "screenshot.png", mimeType: "image/png", buffer: PNG };
const invoice = { name: "invoice.pdf", mimeType: "application/pdf", buffer: PDF };

/**
 * Signs in through the form, as a person does: the session cookie it sets is what the previews and
 * download links (plain <img> and <a>) are authorised by.
 */
async function signIn(path: string, email: string, landing: string): Promise<Page> {
  const { page } = await e2e.open(path);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`**${landing}`);
  return page;
}

/** Picks `files` with the form's "Attach files" button and waits until each has uploaded. */
async function attach(scope: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const before = await scope.locator('[data-state="uploaded"]').count();
  await scope.locator('input[type="file"]').setInputFiles(files);
  await expect.poll(() => scope.locator('[data-state="uploaded"]').count()).toBe(before + files.length);
}

/** The image previewed as `name` has loaded (the browser decoded the bytes the server sent). */
async function expectPreview(page: Page, name: string) {
  const image = page.getByRole("img", { name });
  await image.waitFor();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

/** Clicks the download link `name` and returns the file the browser saved. */
async function download(page: Page, name: string): Promise<{ filename: string; bytes: Buffer }> {
  const saved = page.waitForEvent("download");
  await page.getByRole("link", { name, exact: true }).click();
  const file = await saved;
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { filename: file.suggestedFilename(), bytes: Buffer.concat(chunks) };
}

interface TicketFiles {
  id: string;
  attachments: { id: string; filename: string; commentId: string | null }[];
}

async function ticketFiles(e2e: E2E, token: string, title: string): Promise<TicketFiles> {
  const [ticket] = await findTickets(e2e, token, title);
  const response = await e2e.server.request(`/api/tickets/${ticket!.id}`, { token });
  return (await response.json()) as TicketFiles;
}

describe("attachments in the client portal", () => {
  it("attaches a screenshot and a PDF to a new ticket, previews the image and downloads the PDF", async () => {
    const page = await signIn("/client-auth", ACME.email, "/client-dashboard");
    await page.getByRole("button", { name: "New Ticket" }).click();
    const form = page.getByRole("form", { name: "New Ticket" });
    await fillLabelled(form, {
      Title: "Scanner shows an error code",
      Description: "The scanner on the front desk shows E-42; a photo and the invoice are attached.",
    });
    await attach(form, [screenshot, invoice]);
    await form.getByRole("button", { name: "Create Ticket" }).click();
    await seeText(page, "Ticket created");

    await page.getByTestId("ticket-card").filter({ hasText: "Scanner shows an error code" }).click();
    await page.waitForURL("**/client/tickets/*");
    await expectPreview(page, "screenshot.png");
    const saved = await download(page, "invoice.pdf");
    expect(saved.filename).toBe("invoice.pdf");
    expect(saved.bytes.equals(PDF)).toBe(true);
  });

  it("says why a program or a file over 32 MB is refused, and sends the comment without them", async () => {
    const page = await signIn("/client-auth", ACME.email, "/client-dashboard");
    await page.getByTestId("ticket-card").first().click();
    await page.waitForURL("**/client/tickets/*");
    const form = page.getByRole("form", { name: "Add a comment" });

    await form
      .locator('input[type="file"]')
      .setInputFiles([onDisk("fix-it.exe", EXE), onDisk("huge.log", Buffer.alloc(33 * 1024 * 1024, 0x61))]);
    const files = form.getByRole("list", { name: "Files to attach" });
    await files
      .getByRole("listitem")
      .filter({ hasText: "fix-it.exe" })
      .getByText("This type of file is not allowed")
      .waitFor();
    await files
      .getByRole("listitem")
      .filter({ hasText: "huge.log" })
      .getByText("The file is larger than 32 MB")
      .waitFor();

    await attach(form, [{ name: "error.txt", mimeType: "text/plain", buffer: Buffer.from("E-42 at 09:14\n") }]);
    await form.getByLabel("Add a comment").fill("The log of this morning is attached.");
    await form.getByRole("button", { name: "Add Comment" }).click();
    await seeText(page, "Comment added");
    const comment = page.getByTestId("comment").filter({ hasText: "The log of this morning is attached." });
    await comment.getByRole("link", { name: "error.txt" }).waitFor();
    expect(await comment.getByRole("link").count()).toBe(1);
    // The form is empty again: the files went with the comment.
    expect(await form.getByRole("list", { name: "Files to attach" }).count()).toBe(0);
  });
});

describe("attachments in the staff portal", () => {
  it("attaches to a public reply and an internal note; the client sees only the reply's file", async () => {
    const token = await staffToken(e2e);
    const [ticket] = await findTickets(e2e, token, "Front desk printer jams on every second page");
    const page = await signIn("/admin", STAFF.agent.email, "/dashboard");
    await page.goto(`/tickets/${ticket!.id}`);
    const composer = page.locator("form").filter({ has: page.getByLabel("Reply to the client") });

    await page.getByLabel("Reply to the client").fill("Here is the driver's settings page.");
    await attach(composer, [screenshot]);
    await page.getByRole("button", { name: "Send Reply" }).click();
    await seeText(page, "The client can see this reply.");

    await page
      .locator("label")
      .filter({ hasText: /^Internal note$/ })
      .click();
    await page.getByLabel("Internal note (staff only)").fill("Admin password for the printer is in the vault.");
    await attach(page.locator("form").filter({ has: page.getByLabel("Internal note (staff only)") }), [
      { name: "vault-entry.txt", mimeType: "text/plain", buffer: Buffer.from("see vault item 17\n") },
    ]);
    await page.getByRole("button", { name: "Add Note" }).click();
    await seeText(page, "Only staff can see this note.");
    await expectPreview(page, "screenshot.png");
    await page.getByRole("link", { name: "vault-entry.txt" }).waitFor();

    // Over REST: the client company of the ticket gets the reply's file but not the note's; another
    // company gets neither. Both refusals are "not found": a client learns nothing of other files.
    const { attachments } = await ticketFiles(e2e, token, "Front desk printer jams on every second page");
    const reply = attachments.find((file) => file.filename === "screenshot.png")!;
    const note = attachments.find((file) => file.filename === "vault-entry.txt")!;
    const owner = await e2e.server.login(ACME.email);
    const other = await e2e.server.login("client@birch.test");
    const status = async (id: string, clientToken: string) =>
      (await e2e.server.request(`/api/attachments/${id}`, { token: clientToken })).status;
    expect(await status(reply.id, owner)).toBe(200);
    expect(await status(note.id, owner)).toBe(404);
    expect(await status(reply.id, other)).toBe(404);
    expect(await status(note.id, other)).toBe(404);
  });

  it("creates a ticket with a file from the New Ticket page", async () => {
    const page = await signIn("/admin", STAFF.admin.email, "/dashboard");
    await page.goto("/tickets/new");
    await fillLabelled(page, {
      Title: "Firewall firmware update",
      Description: "Release notes attached.",
      "Requester Name": "Dana Whitfield",
      "Requester Email": ACME.email,
    });
    await page.getByRole("combobox", { name: "Client" }).click();
    await page.getByRole("option", { name: "Acme Dental" }).click();
    await attach(page.locator("form"), [invoice]);
    await page.getByRole("button", { name: "Create Ticket" }).click();
    await page.waitForURL("**/dashboard");

    const { attachments } = await ticketFiles(e2e, await staffToken(e2e), "Firewall firmware update");
    expect(attachments.map((file) => [file.filename, file.commentId])).toEqual([["invoice.pdf", null]]);
  });
});

describe("attachments on the public support form", () => {
  it("uploads as a visitor and arrives with the ticket", async () => {
    const { page } = await e2e.open("/submit-ticket");
    const form = page.locator("form");
    await fillLabelled(form, {
      "Your Name": "Pat Visitor",
      "Email Address": "pat@example.test",
      "Issue Summary": "Laptop will not start",
      "Detailed Description": "It beeps three times; a photo of the screen is attached.",
    });
    await expect.poll(() => form.getByLabel("Organization").locator("option").count()).toBeGreaterThan(1);
    await form.getByLabel("Organization").selectOption({ label: "Birch Legal" });
    await attach(form, [screenshot]);
    await form.getByRole("button", { name: "Submit Support Ticket" }).click();
    await seeText(page, "Ticket submitted successfully");

    const { attachments } = await ticketFiles(e2e, await staffToken(e2e), "Laptop will not start");
    expect(attachments.map((file) => file.filename)).toEqual(["screenshot.png"]);
  });
});
