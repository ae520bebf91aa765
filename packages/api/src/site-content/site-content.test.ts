// The website's content over REST (docs/features.md §20): who reads and writes the draft, who publishes,
// stale saves and racing publishes refused, revisions restored, bad input refused with nothing written.
import { describe, expect, it } from "vitest";
import { auditLogs, eq, siteContentRevisions } from "@repo/db";
import type { SiteContent } from "@repo/content";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";
import { DEFAULT_CONTENT } from "./document.js";
import { forgetPublished, readPublished } from "./published.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);

const call = (method: string, path: string, json?: unknown, email?: string) =>
  server.request(path, { method, json, token: email ? tokens[email] : undefined });

interface Draft {
  content: SiteContent;
  version: number;
  authorName: string | null;
}

const withPhone = (content: SiteContent, phone: string): SiteContent => ({
  ...content,
  identity: { ...content.identity, phone },
});

async function save(content: SiteContent, baseVersion: number | null, email = AGENT): Promise<Draft> {
  const res = await call("PUT", "/api/site-content/draft", { content, baseVersion }, email);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Draft;
}

const published = async () => (await (await call("GET", "/api/site-content/published")).json()) as SiteContent;

async function expectMessage(res: Response, error: string) {
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({ error, code: "BAD_REQUEST" });
}

async function reset() {
  await server.services.db.delete(siteContentRevisions);
  forgetPublished();
}

describe("site content", () => {
  it("starts from the spec's texts, and a draft shows nowhere public until an admin publishes it", async () => {
    await reset();
    expect(await published()).toEqual(DEFAULT_CONTENT);

    const draft = await save(withPhone(DEFAULT_CONTENT, "+1 (647) 555-0100"), null);
    expect(draft).toMatchObject({ version: 1, authorName: expect.any(String) });
    expect((await published()).identity.phone).toBe(DEFAULT_CONTENT.identity.phone);

    // A VIEWER reads the editor's state but saves nothing; an AGENT may not publish; a client sees none of it.
    const state = await call("GET", "/api/site-content", undefined, VIEWER);
    expect(state.status).toBe(200);
    expect(((await state.json()) as { draft: Draft }).draft.content.identity.phone).toBe("+1 (647) 555-0100");
    expect(
      (await call("PUT", "/api/site-content/draft", { content: DEFAULT_CONTENT, baseVersion: 1 }, VIEWER)).status,
    ).toBe(403);
    expect((await call("POST", "/api/site-content/publish", { version: 1 }, AGENT)).status).toBe(403);
    expect((await call("GET", "/api/site-content", undefined, ACME)).status).toBe(403);
    expect((await call("GET", "/api/site-content")).status).toBe(401);

    expect((await call("POST", "/api/site-content/publish", { version: 1 }, ADMIN)).status).toBe(200);
    expect((await published()).identity.phone).toBe("+1 (647) 555-0100");
    const after = (await (await call("GET", "/api/site-content", undefined, ADMIN)).json()) as { draft: Draft | null };
    expect(after.draft).toBeNull();
    const audit = await server.services.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, "site_content.published"));
    expect(audit).toHaveLength(1);
  });

  it("refuses a save over someone else's newer save, and a publish of another version than the one previewed", async () => {
    await reset();
    const first = await save(DEFAULT_CONTENT, null);
    // A second editor who also started from "no draft" does not overwrite the first one's draft.
    await expectRefused(
      await call("PUT", "/api/site-content/draft", { content: DEFAULT_CONTENT, baseVersion: null }, ADMIN),
      409,
      "The draft was changed by someone else since you opened it. Reload it and save again.",
      "CONFLICT",
    );
    const second = await save(withPhone(DEFAULT_CONTENT, "555"), first.version);
    expect(second.version).toBe(first.version + 1);
    expect(
      (await call("PUT", "/api/site-content/draft", { content: DEFAULT_CONTENT, baseVersion: first.version }, AGENT))
        .status,
    ).toBe(409);
    expect((await call("POST", "/api/site-content/publish", { version: first.version }, ADMIN)).status).toBe(409);

    // Two admins publishing the same draft at once: one publishes, the other is told it is gone.
    const results = await Promise.all([
      call("POST", "/api/site-content/publish", { version: second.version }, ADMIN),
      call("POST", "/api/site-content/publish", { version: second.version }, ADMIN),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await server.services.db.select().from(siteContentRevisions);
    expect(rows.map((r) => r.state)).toEqual(["published"]);
  });

  it("restores an earlier revision into the draft, to be published again", async () => {
    await reset();
    await save(withPhone(DEFAULT_CONTENT, "111"), null);
    expect((await call("POST", "/api/site-content/publish", { version: 1 }, ADMIN)).status).toBe(200);
    await save(withPhone(DEFAULT_CONTENT, "222"), null);
    expect((await call("POST", "/api/site-content/publish", { version: 1 }, ADMIN)).status).toBe(200);
    expect((await published()).identity.phone).toBe("222");

    const revisions = (await (await call("GET", "/api/site-content/revisions", undefined, VIEWER)).json()) as {
      id: string;
      current: boolean;
    }[];
    expect(revisions.map((r) => r.current)).toEqual([true, false]);
    const earlier = revisions[1]!;
    expect(
      ((await (await call("GET", `/api/site-content/revisions/${earlier.id}`, undefined, AGENT)).json()) as SiteContent)
        .identity.phone,
    ).toBe("111");

    const restored = await call("POST", `/api/site-content/revisions/${earlier.id}/restore`, undefined, AGENT);
    expect(restored.status).toBe(200);
    const draft = (await restored.json()) as Draft;
    expect(draft.content.identity.phone).toBe("111");
    expect((await published()).identity.phone).toBe("222");
    expect((await call("POST", "/api/site-content/publish", { version: draft.version }, ADMIN)).status).toBe(200);
    expect((await published()).identity.phone).toBe("111");
    expect((await call("POST", "/api/site-content/revisions/not-a-revision/restore", undefined, AGENT)).status).toBe(
      404,
    );
  });

  it("refuses a document the pages could not show, with the rule's message, and writes nothing", async () => {
    await reset();
    const tooFewFaqs = structuredClone(DEFAULT_CONTENT);
    tooFewFaqs.services["email-deliverability"].faqs.pop();
    await expectMessage(
      await call("PUT", "/api/site-content/draft", { content: tooFewFaqs, baseVersion: null }, AGENT),
      "The questions: keep the 5 items the page shows",
    );
    const badColour = structuredClone(DEFAULT_CONTENT);
    badColour.identity.brandColour = "blue";
    await expectMessage(
      await call("PUT", "/api/site-content/draft", { content: badColour, baseVersion: null }, AGENT),
      "Enter the brand colour as #RRGGBB",
    );
    const negative = structuredClone(DEFAULT_CONTENT);
    negative.packages["cloud-migration-lite"].priceCents = -1;
    expect((await call("PUT", "/api/site-content/draft", { content: negative, baseVersion: null }, AGENT)).status).toBe(
      400,
    );
    const extra = {
      ...DEFAULT_CONTENT,
      services: { ...DEFAULT_CONTENT.services, "new-page": DEFAULT_CONTENT.services["device-management"] },
    };
    expect((await call("PUT", "/api/site-content/draft", { content: extra, baseVersion: null }, AGENT)).status).toBe(
      400,
    );
    expect(await server.services.db.select().from(siteContentRevisions)).toEqual([]);
  });

  it("is believed inside a transaction as outside it: a ticket write's mails do not ask again", async () => {
    await reset();
    await save(withPhone(DEFAULT_CONTENT, "333"), null);
    expect((await call("POST", "/api/site-content/publish", { version: 1 }, ADMIN)).status).toBe(200);
    const { db } = server.services;
    const outside = await readPublished(db);
    expect(outside.content.identity.phone).toBe("333");
    // The same object: read from what this process believes, not parsed again from a query.
    await db.transaction(async (tx) => expect(await readPublished(tx)).toBe(outside));
    forgetPublished();
    await db.transaction(async (tx) => expect(await readPublished(tx)).not.toBe(outside));
  });
});
