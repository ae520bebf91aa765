// Attack review findings 4 and 5: text that is not text (NUL, a lone surrogate), absurd dates and huge
// values are a 400 with a clear message that changes nothing, and lists stay small however long a
// ticket's description is.
import { beforeAll, describe, expect, it } from "vitest";
import { clients, count, devices, enquiries, eq, tickets } from "@repo/db";
import { MAX_LENGTHS } from "@repo/validators";
import { ADMIN, ACME, PUBLIC_TICKET, demoCompanies } from "../test/fixtures.js";
import type { TestServer } from "../test/harness.js";
import { serverForFile } from "../test/file-server.js";
import { LIST_DESCRIPTION_CHARS } from "../tickets/queries.js";

const { server, tokens } = serverForFile([ADMIN, ACME]);
let acme: string;
let ticketId: string;

beforeAll(async () => {
  ({ acme } = await demoCompanies(server));
  const [ticket] = await server.services.db.select().from(tickets).where(eq(tickets.clientId, acme)).limit(1);
  ticketId = ticket!.id;
});

const rows = async (table: typeof tickets | typeof enquiries | typeof devices | typeof clients) =>
  (await server.services.db.select({ n: count() }).from(table))[0]!.n;

async function refused(path: string, init: Parameters<TestServer["request"]>[1]) {
  const res = await server.request(path, init);
  expect(res.status).toBe(400);
  return ((await res.json()) as { error: string }).error;
}

describe("text that is not text", () => {
  it("refuses a NUL in the public ticket form, the contact form and a device, storing nothing", async () => {
    const [ticketsBefore, enquiriesBefore, devicesBefore] = [
      await rows(tickets),
      await rows(enquiries),
      await rows(devices),
    ];
    expect(
      await refused("/api/tickets", {
        method: "POST",
        json: { ...PUBLIC_TICKET, clientId: acme, title: "Printer\u0000 down" },
      }),
    ).toBe("Remove the control characters from this field");
    await refused("/api/contact", {
      method: "POST",
      json: { firstName: "Ada\u0000", lastName: "Lovelace", email: "ada@example.org" },
    });
    await refused("/api/devices", {
      method: "POST",
      token: tokens[ACME],
      json: { serialNumber: "SN-\u0000-1", notes: "hi" },
    });
    expect([await rows(tickets), await rows(enquiries), await rows(devices)]).toEqual([
      ticketsBefore,
      enquiriesBefore,
      devicesBefore,
    ]);
  });

  it("refuses a NUL in a search", async () => {
    const res = await server.request("/api/tickets?q=%00", { token: tokens[ADMIN] });
    expect(res.status).toBe(400);
    expect((await server.request("/api/devices?q=a%00b", { token: tokens[ACME] })).status).toBe(400);
  });

  it("refuses a lone surrogate in an edit, leaving the ticket as it was", async () => {
    const [before] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId));
    await refused(`/api/tickets/${ticketId}`, {
      method: "PATCH",
      token: tokens[ADMIN],
      json: { title: "Broken \ud800 title" },
    });
    const [after] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId));
    expect(after).toEqual(before);
  });
});

describe("dates and sizes", () => {
  it("refuses year 0000 and 99999 for a device date", async () => {
    for (const warrantyExpiry of ["0000-01-01", "99999-12-31"]) {
      const res = await server.request("/api/devices", {
        method: "POST",
        token: tokens[ACME],
        json: { serialNumber: `SN-DATE-${warrantyExpiry}`, warrantyExpiry },
      });
      expect(res.status).toBe(400);
    }
    const res = await server.request("/api/devices", {
      method: "POST",
      token: tokens[ACME],
      json: { serialNumber: "SN-DATE-0", warrantyExpiry: "0000-01-01" },
    });
    expect(((await res.json()) as { error: string }).error).toBe("Dates must be between 1900 and 2199");
  });

  it("refuses an 8 KB serial number and company name, and a 1 MB title, with the field's limit", async () => {
    const companiesBefore = await rows(clients);
    expect(
      await refused("/api/devices", { method: "POST", token: tokens[ACME], json: { serialNumber: "S".repeat(8192) } }),
    ).toBe(`Must be at most ${MAX_LENGTHS.short} characters`);
    await refused("/api/clients", { method: "POST", token: tokens[ADMIN], json: { name: "C".repeat(8192) } });
    expect(await rows(clients)).toBe(companiesBefore);
    expect(
      await refused("/api/tickets", {
        method: "POST",
        json: { ...PUBLIC_TICKET, clientId: acme, title: "T".repeat(1024 * 1024) },
      }),
    ).toBe(`Must be at most ${MAX_LENGTHS.title} characters`);
  });

  it("keeps lists to an excerpt of each description; the ticket itself has all of it", async () => {
    const long = "A long description. ".repeat(400);
    await server.request(`/api/tickets/${ticketId}`, {
      method: "PATCH",
      token: tokens[ADMIN],
      json: { description: long },
    });
    const list = (await (await server.request("/api/tickets?pageSize=100", { token: tokens[ADMIN] })).json()) as {
      tickets: { id: string; description: string }[];
    };
    const listed = list.tickets.find((t) => t.id === ticketId)!;
    expect(listed.description).toHaveLength(LIST_DESCRIPTION_CHARS);
    expect(listed.description.endsWith("…")).toBe(true);
    const clientList = (await (await server.request("/api/client/tickets", { token: tokens[ACME] })).json()) as {
      id: string;
      description: string;
    }[];
    expect(clientList.find((t) => t.id === ticketId)!.description).toHaveLength(LIST_DESCRIPTION_CHARS);
    const full = (await (await server.request(`/api/tickets/${ticketId}`, { token: tokens[ADMIN] })).json()) as {
      description: string;
    };
    expect(full.description).toBe(long.trim());
  });
});
