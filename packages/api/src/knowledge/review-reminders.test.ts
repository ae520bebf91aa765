// The review reminder (docs/features.md §17): one mail per article and review period, to its author or,
// when the author is gone, to the admins; none for a draft, none when switched off; a review starts the
// period again. Runs side by side send one mail, whichever wins the article's row.
import { describe, expect, it } from "vitest";
import { and, articles, eq, like, outbox, users } from "@repo/db";
import { ADMIN, AGENT } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { sendReviewReminders } from "./review-reminders.js";

const { server, tokens } = serverForFile([ADMIN, AGENT]);
const MONTH = 31 * 86_400_000;

const call = (method: string, path: string, json?: unknown, email = AGENT) =>
  server.request(path, { method, json, token: tokens[email] });

/** A published (or draft) article by the agent, last reviewed `monthsAgo` months before now. */
async function article(slug: string, monthsAgo: number, publish = true): Promise<string> {
  const res = await call("POST", "/api/knowledge/editor/articles", {
    title: `Review ${slug}`,
    slug,
    category: "How-to",
    body: "Steps.",
    visibility: "clients",
  });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  if (publish) expect((await call("POST", `/api/knowledge/editor/articles/${id}/publish`)).status).toBe(200);
  await server.services.db
    .update(articles)
    .set({ lastReviewedAt: new Date(Date.now() - monthsAgo * MONTH) })
    .where(eq(articles.id, id));
  return id;
}

/** The review mails about `slug`'s article: their recipients. */
const mailsAbout = async (slug: string) =>
  (
    await server.services.db
      .select({ to: outbox.to })
      .from(outbox)
      .where(and(eq(outbox.kind, "knowledge.review"), like(outbox.subject, `%Review ${slug}`)))
  ).map((m) => m.to);

const run = (at = new Date()) => sendReviewReminders(server.services.db, at);

describe("article review reminders", () => {
  it("mails the author once per period, even from two runs at once, and again after the next review", async () => {
    const id = await article("review-due", 13);
    const notDue = await article("review-not-due", 11);
    const [first, second] = await Promise.all([run(), run()]);
    expect([...first!, ...second!].filter((s) => s.articleId === id)).toEqual([{ articleId: id, to: [AGENT] }]);
    expect(await mailsAbout("review-due")).toEqual([AGENT]);
    expect(await mailsAbout("review-not-due")).toEqual([]);
    await run();
    expect(await mailsAbout("review-due")).toHaveLength(1);

    // Marked reviewed: a new period, due again twelve months on.
    expect((await call("POST", `/api/knowledge/editor/articles/${id}/reviewed`)).status).toBe(200);
    const halfYear = await run(new Date(Date.now() + 6 * MONTH));
    expect(halfYear.map((s) => s.articleId)).toContain(notDue);
    expect(halfYear.map((s) => s.articleId)).not.toContain(id);
    const later = await run(new Date(Date.now() + 13 * MONTH));
    expect(later.map((s) => s.articleId)).toContain(id);
    expect(await mailsAbout("review-due")).toEqual([AGENT, AGENT]);
    // The reminder is no edit: the article's version is as the review left it.
    const [row] = await server.services.db.select().from(articles).where(eq(articles.id, id));
    expect(row!.reviewRemindedAt).not.toBeNull();
  });

  it("leaves drafts alone, and sends to the admins when the author can no longer act", async () => {
    await article("review-draft", 20, false);
    const orphan = await article("review-orphan", 20);
    await server.services.db.update(users).set({ active: false }).where(eq(users.email, AGENT));
    try {
      const sent = await run();
      expect(sent.find((s) => s.articleId === orphan)?.to).toContain(ADMIN);
      expect(await mailsAbout("review-orphan")).not.toContain(AGENT);
      expect(await mailsAbout("review-draft")).toEqual([]);
    } finally {
      await server.services.db.update(users).set({ active: true }).where(eq(users.email, AGENT));
    }
  });

  it("is switched off by 0 months; only an admin changes the setting, within its limits", async () => {
    const refused = await call("PUT", "/api/settings/knowledge", { reviewMonths: -1 }, ADMIN);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: "Months cannot be negative", code: "BAD_REQUEST" });
    expect((await call("PUT", "/api/settings/knowledge", { reviewMonths: 0 }, AGENT)).status).toBe(403);
    const off = await call("PUT", "/api/settings/knowledge", { reviewMonths: 0 }, ADMIN);
    expect(await off.json()).toEqual({ reviewMonths: 0 });
    await article("review-off", 30);
    expect(await run()).toEqual([]);
    expect(await mailsAbout("review-off")).toEqual([]);
    await call("PUT", "/api/settings/knowledge", { reviewMonths: 12 }, ADMIN);
    expect(await run()).toEqual([expect.objectContaining({ to: [AGENT] })]);
  });
});
