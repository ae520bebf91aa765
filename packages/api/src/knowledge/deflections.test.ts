// Deflection (docs/features.md §17): articles opened from a new ticket's form, counted once per form and
// article, only when the opener may read the article; the form's ticket sent marks them; the reports count
// the forms that opened an article and sent nothing. Last, the address limit.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PUBLIC_LIMITS } from "../auth/rate-limit.js";
import { ACME, BIRCH, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ACME, BIRCH, VIEWER]);

const post = (path: string, json?: unknown, email?: string) =>
  server.request(path, { method: "POST", json, token: email ? tokens[email] : undefined });
const opened = (formId: string, slug: string, source: "portal" | "website", email?: string) =>
  post("/api/knowledge/deflections", { formId, slug, source }, email);
const sent = (formId: string) => post(`/api/knowledge/deflections/${formId}/sent`);

interface Report {
  formsWithArticles: number;
  ticketsSent: number;
  ticketsNotSent: number;
  articles: { slug: string; opened: number; ticketsNotSent: number }[];
}
const report = async (email = VIEWER) => server.request("/api/reports/deflection", { token: tokens[email] });

describe("deflection", () => {
  it("counts each form's opened articles once, what the opener may read only, and the forms that sent nothing", async () => {
    const visitorForm = randomUUID();
    const clientForm = randomUUID();
    const birchForm = randomUUID();
    expect((await opened(visitorForm, "share-large-files-securely", "website")).status).toBe(200);
    expect((await opened(visitorForm, "share-large-files-securely", "website")).status).toBe(200);
    // A visitor reads public articles only, a client its company's too, never another company's.
    expect((await opened(visitorForm, "authenticator-app-new-phone", "website")).status).toBe(404);
    expect((await opened(clientForm, "acme-dental-vpn-from-home", "portal", ACME)).status).toBe(200);
    expect((await opened(birchForm, "acme-dental-vpn-from-home", "portal", BIRCH)).status).toBe(404);
    expect((await sent(clientForm)).status).toBe(200);
    expect((await sent(clientForm)).status).toBe(200);

    const res = await report();
    expect(res.status).toBe(200);
    const figures = (await res.json()) as Report;
    expect(figures).toMatchObject({ formsWithArticles: 2, ticketsSent: 1, ticketsNotSent: 1 });
    expect(figures.articles).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: "share-large-files-securely", opened: 1, ticketsNotSent: 1 }),
        expect.objectContaining({ slug: "acme-dental-vpn-from-home", opened: 1, ticketsNotSent: 0 }),
      ]),
    );
    expect((await report(ACME)).status).toBe(403);
  });

  it("refuses a form id that is not a UUID and an unknown source, storing nothing", async () => {
    const bad = await opened("form-1", "share-large-files-securely", "website");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe("The form id must be a UUID");
    const before = ((await (await report()).json()) as Report).formsWithArticles;
    const source = await post("/api/knowledge/deflections", {
      formId: randomUUID(),
      slug: "share-large-files-securely",
      source: "fax",
    });
    expect(source.status).toBe(400);
    expect(((await (await report()).json()) as Report).formsWithArticles).toBe(before);
  });

  it(`limits an address to ${PUBLIC_LIMITS.deflection.max} calls, then 429 with Retry-After`, async () => {
    let res: Response | undefined;
    for (let i = 0; i <= PUBLIC_LIMITS.deflection.max; i++) {
      res = await sent(randomUUID());
      if (res.status === 429) break;
    }
    expect(res!.status).toBe(429);
    expect(Number(res!.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
