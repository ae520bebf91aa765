// Which files may be attached: the type found in the content decides, the name only among text formats.
import { describe, expect, it } from "vitest";
import { PDF, PNG } from "../test/mails.js";
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSALS } from "@repo/validators";
import { checkFile, safeFilename } from "./attachments.js";

const EXE = Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(512, 0)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe("checkFile", () => {
  it.each([
    ["screenshot.png", PNG, "image/png"],
    ["renamed.txt", PNG, "image/png"],
    ["report.pdf", PDF, "application/pdf"],
    ["backup.log", Buffer.from("line 1\nline 2\n"), "text/plain"],
    ["devices.csv", Buffer.from("name,serial\nMacBook,C02X\n"), "text/csv"],
    ["notes.txt", Buffer.from("<html><script>alert(1)</script></html>"), "text/plain"],
  ])("takes %s as %s's true type", async (name, bytes, type) => {
    expect(await checkFile(name, bytes)).toEqual({ ok: true, contentType: type });
  });

  it.each([
    ["setup.exe", EXE, ATTACHMENT_REFUSALS.type],
    ["invoice.pdf", EXE, ATTACHMENT_REFUSALS.type],
    ["logo.svg", SVG, ATTACHMENT_REFUSALS.type],
    ["page.html", Buffer.from("<html></html>"), ATTACHMENT_REFUSALS.type],
    ["binary.txt", Buffer.from([0x41, 0x00, 0x42]), ATTACHMENT_REFUSALS.type],
    ["empty.txt", Buffer.alloc(0), ATTACHMENT_REFUSALS.empty],
    ["huge.log", Buffer.alloc(ATTACHMENT_LIMITS.maxFileBytes + 1, "a"), ATTACHMENT_REFUSALS.size],
  ])("refuses %s", async (name, bytes, reason) => {
    expect(await checkFile(name, bytes)).toEqual({ ok: false, reason });
  });
});

describe("safeFilename", () => {
  it("keeps the name without its path, control characters or quotes", () => {
    expect(safeFilename("C:\\Users\\dana\\scan 1.pdf")).toBe("scan 1.pdf");
    expect(safeFilename('../../etc/pa"ss\r\nwd')).toBe("passwd");
    expect(safeFilename("")).toBe("file");
  });
});
