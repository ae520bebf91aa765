// The local file store keeps mails and attachments its owner's alone, whatever the process's umask.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { modeOf, openToOthers } from "@repo/db/testing";
import { afterAll, describe, expect, it } from "vitest";
import { localFileStore } from "./store.js";

const root = mkdtempSync(join(tmpdir(), "nw-store-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the local file store", () => {
  it("writes files 0600 in folders 0700, even under a lax umask", async () => {
    const lax = process.umask(0o022);
    try {
      const store = localFileStore(join(root, "files"));
      await store.put("attachments/2026/11/a.bin", Buffer.from("secret"));
      expect(modeOf(join(root, "files", "attachments", "2026", "11", "a.bin"))).toBe(0o600);
      expect(openToOthers(join(root, "files"))).toEqual([]);
    } finally {
      process.umask(lax);
    }
  });
});
