// From tickets to articles (docs/features.md §17): a resolved ticket's last public staff reply becomes an
// internal draft in one call, at a free slug; an open ticket, or one without such a reply, is refused
// with the reason. And the reply box's search: what a chosen company's clients read, for staff only.
import { describe, expect, it } from "vitest";
import { ACME, ADMIN, AGENT, BIRCH, demoCompanies, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { slugFrom } from "@repo/validators";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME, BIRCH]);

const call = (method: string, path: string, json?: unknown, email = AGENT) =>
  server.request(path, { method, json, token: tokens[email] });

/** A ticket of Acme's with a public reply and an internal note by the agent, left in `status`. */
async function ticketWithReply(title: string, status: string, reply = true): Promise<string> {
  const { acme } = await demoCompanies(server);
  const created = await call("POST", "/api/tickets", {
    title,
    description: "The shared printer prints blank pages since Monday.",
    type: "INCIDENT",
    priority: "P3",
    requesterName: "Dana Whitfield",
    requesterEmail: "client@acme.test",
    clientId: acme,
  });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: string };
  if (reply)
    await call("POST", `/api/tickets/${id}/comments`, { content: "Replace the toner and run a cleaning cycle." });
  await call("POST", `/api/tickets/${id}/comments`, { content: "Internal: billed as a visit.", internal: true });
  expect((await call("PATCH", `/api/tickets/${id}`, { status })).status).toBe(200);
  return id;
}

const fromTicket = (id: string, email = AGENT) =>
  call("POST", `/api/knowledge/editor/from-ticket/${id}`, undefined, email);

describe("a draft article from a ticket", () => {
  it("takes the title, the problem and the last public staff reply, as an internal draft at a free slug", async () => {
    const id = await ticketWithReply("Printer prints blank pages", "RESOLVED");
    const res = await fromTicket(id);
    expect(res.status).toBe(200);
    const article = (await res.json()) as {
      slug: string;
      title: string;
      body: string;
      status: string;
      visibility: string;
    };
    expect(article).toMatchObject({
      title: "Printer prints blank pages",
      slug: "printer-prints-blank-pages",
      status: "draft",
      visibility: "internal",
    });
    expect(article.body).toContain("prints blank pages since Monday");
    expect(article.body).toContain("Replace the toner");
    expect(article.body).not.toContain("billed as a visit");
    const again = (await (await fromTicket(id)).json()) as { slug: string };
    expect(again.slug).toBe("printer-prints-blank-pages-2");
  });

  it("refuses an open ticket, one without a public staff reply, an unknown one, a viewer and a client", async () => {
    const open = await ticketWithReply("Scanner jams", "IN_PROGRESS");
    const refusedOpen = await fromTicket(open);
    expect(refusedOpen.status).toBe(400);
    expect(((await refusedOpen.json()) as { error: string }).error).toBe(
      "Only a resolved or closed ticket's answer can become an article",
    );
    const silent = await ticketWithReply("Monitor flickers", "CLOSED", false);
    const refusedSilent = await fromTicket(silent);
    expect(refusedSilent.status).toBe(400);
    expect(((await refusedSilent.json()) as { error: string }).error).toBe(
      "This ticket has no public reply from staff to turn into an article",
    );
    expect((await fromTicket("5f0b6c1e-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await fromTicket(open, VIEWER)).status).toBe(403);
    expect((await fromTicket(open, ACME)).status).toBe(403);
  });

  it("makes a slug of a title's words", () => {
    expect(slugFrom("Outlook: can't open attachments (Mac)")).toBe("outlook-can-t-open-attachments-mac");
    expect(slugFrom("Café Wi-Fi")).toBe("cafe-wi-fi");
    expect(slugFrom("!!!")).toBe("article");
  });
});

describe("the search for a company's readers", () => {
  const slugs = async (q: string, email: string, forCompany?: string) => {
    const query = new URLSearchParams({ q, ...(forCompany ? { forCompany } : {}) });
    const res = await call("GET", `/api/knowledge/articles?${query}`, undefined, email);
    expect(res.status).toBe(200);
    return ((await res.json()) as { slug: string }[]).map((a) => a.slug);
  };

  it("answers staff what that company's clients read, and is ignored for a client", async () => {
    const { acme, birch } = await demoCompanies(server);
    expect(await slugs("boardroom printer", AGENT)).toContain("birch-legal-boardroom-printer");
    expect(await slugs("boardroom printer", AGENT, acme)).toEqual([]);
    expect(await slugs("boardroom printer", AGENT, birch)).toEqual(["birch-legal-boardroom-printer"]);
    expect(await slugs("firewall", AGENT, acme)).toEqual([]);
    expect(await slugs("boardroom printer", ACME, birch)).toEqual([]);
  });
});
