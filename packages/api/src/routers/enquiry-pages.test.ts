// The enquiry inbox in pages (docs/performance.md §4) over REST: pages put together are the inbox newest first
// (enquiries sent at the same instant included), the numbered pages still answer as before, and a
// cursor must be an enquiry.
import { beforeAll, describe, expect, it } from "vitest";
import { enquiries } from "@repo/db";
import { ACME, AGENT, ENQUIRY } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, expectCursorRefusals, okJson } from "../test/pages.js";

const { server, tokens } = serverForFile([AGENT, ACME]);

interface Enquiry {
  id: string;
  createdAt: string;
}
interface EnquiryPage {
  enquiries: Enquiry[];
  nextCursor: string | null;
  total: number;
}

beforeAll(async () => {
  const same = new Date("2026-03-08T07:30:00.123Z");
  await server.services.db.insert(enquiries).values(
    Array.from({ length: 11 }, (_, i) => ({
      ...ENQUIRY,
      message: `Enquiry ${i}`,
      createdAt: i < 6 ? same : new Date(Date.UTC(2026, 2, 8, 8, i)),
    })),
  );
});

const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
const json = <T>(path: string) => get(path).then((res) => okJson<T>(res, path));

describe("the enquiry pages", () => {
  it("put together, are the inbox newest first, the total on every page", async () => {
    const numbered = await json<{ enquiries: Enquiry[]; total: number }>("/api/enquiries?pageSize=100");
    const whole = numbered.enquiries;
    expect(whole.length).toBeGreaterThanOrEqual(11);
    const pages = await allPages((path) => json<EnquiryPage>(path), "/api/enquiries/page?limit=4&");
    expect(pages.flatMap((p) => p.enquiries)).toEqual(whole);
    expect(pages).toHaveLength(Math.ceil(whole.length / 4));
    expect(pages.every((p) => p.total === numbered.total)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    // The numbered call keeps its shape; with a cursor, its page size counts from there.
    expect(await json(`/api/enquiries?pageSize=3&cursor=${whole[2]!.id}`)).toEqual({
      enquiries: whole.slice(3, 6),
      total: numbered.total,
      page: 1,
      pageSize: 3,
    });
    expect((await json<{ enquiries: Enquiry[] }>("/api/enquiries?page=2&pageSize=4")).enquiries).toEqual(
      whole.slice(4, 8),
    );
  });

  it("refuses a cursor that is not an enquiry, and keeps clients out", async () => {
    await expectCursorRefusals({ server, tokens }, "/api/enquiries", { what: "enquiries", notAnId: "nothing" });
  });
});
