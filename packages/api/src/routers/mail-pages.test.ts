// The outbox in pages (docs/performance.md §4) over REST: pages put together are the outbox newest first (mails
// written at the same instant included) under each status filter, and a cursor must be a mail.
import { beforeAll, describe, expect, it } from "vitest";
import { outbox } from "@repo/db";
import { ACME, AGENT } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, expectCursorRefusals, okJson } from "../test/pages.js";
import type { MailMessage } from "./mail.js";

const { server, tokens } = serverForFile([AGENT, ACME]);

interface MailPage {
  mails: MailMessage[];
  nextCursor: string | null;
}

beforeAll(async () => {
  const same = new Date("2026-03-08T07:30:00.123Z");
  await server.services.db.insert(outbox).values(
    Array.from({ length: 11 }, (_, i) => ({
      kind: "ticket-created",
      to: `person${i}@example.org`,
      subject: `Mail ${i}`,
      text: `Hello ${i}`,
      status: i % 3 === 0 ? ("failed" as const) : ("sent" as const),
      createdAt: i < 6 ? same : new Date(Date.UTC(2026, 2, 8, 8, i)),
    })),
  );
});

const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
const json = <T>(path: string) => get(path).then((res) => okJson<T>(res, path));

const pagesOf = (query: string) => allPages((path) => json<MailPage>(path), `/api/mails/page?${query}&`);

describe("the outbox pages", () => {
  it("put together, are the outbox newest first, under each status filter", async () => {
    for (const status of [undefined, "failed", "sent"]) {
      const filter = status ? `status=${status}&` : "";
      const { mails: whole } = await json<{ mails: MailMessage[] }>(`/api/mails?${filter}limit=200`);
      expect(whole.length).toBeGreaterThanOrEqual(status === "failed" ? 4 : 7);
      expect(whole.map((m) => m.createdAt)).toEqual(
        whole
          .map((m) => m.createdAt)
          .sort()
          .reverse(),
      );
      const pages = await pagesOf(`${filter}limit=3`);
      expect(
        pages.flatMap((p) => p.mails),
        status,
      ).toEqual(whole);
      expect(pages.at(-1)!.nextCursor).toBeNull();
      expect(pages.slice(0, -1).every((p) => p.mails.length === 3)).toBe(true);
    }
    // The list call keeps its shape: a page of it is still { mails }.
    const { mails: whole } = await json<{ mails: MailMessage[] }>("/api/mails?limit=200");
    expect(await json(`/api/mails?limit=2&cursor=${whole[3]!.id}`)).toEqual({ mails: whole.slice(4, 6) });
  });

  it("refuses a cursor that is not a mail, and keeps clients out", async () => {
    await expectCursorRefusals({ server, tokens }, "/api/mails", { what: "mails", notAnId: "not-a-mail" });
  });
});
