// The Users screen in pages (docs/performance.md §4) over real HTTP: pages put together are the whole list by name,
// email and id (namesakes included), the search reads name and email in SQL, and clients never list users.
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "@repo/db";
import { ACME, ADMIN, AGENT } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { allPages, expectCursorRefusals, okJson } from "../test/pages.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, ACME]);

interface Listed {
  id: string;
  name: string;
  email: string;
}
interface UserPage {
  users: Listed[];
  nextCursor: string | null;
  matching: number;
}

beforeAll(async () => {
  // Namesakes, where a keyset on the name alone would lose or repeat people.
  await server.services.db.insert(users).values(
    Array.from({ length: 9 }, (_, i) => ({
      name: "Jordan Lee",
      email: `jordan.${(i * 7) % 9}@pages.test`,
      passwordHash: "not-a-hash",
      role: "AGENT" as const,
    })),
  );
});

const get = (path: string, email = AGENT) => server.request(path, { token: tokens[email] });
const json = <T>(path: string, email = AGENT) => get(path, email).then((res) => okJson<T>(res, path));

const pagesOf = (query: string) => allPages((path) => json<UserPage>(path), `/api/users/page?${query}&`);

const ids = (list: { id: string }[]) => list.map((u) => u.id);

describe("the user pages", () => {
  it("put together, are the whole list by name and email, with the count on every page", async () => {
    const { users: whole } = await json<{ users: Listed[] }>("/api/users");
    expect(whole.length).toBeGreaterThan(12);
    const pages = await pagesOf("limit=4");
    expect(pages).toHaveLength(Math.ceil(whole.length / 4));
    expect(pages.flatMap((p) => p.users)).toEqual(whole);
    expect(pages.every((p) => p.matching === whole.length)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const namesakes = whole.filter((u) => u.name === "Jordan Lee").map((u) => u.email);
    expect(namesakes).toEqual([...namesakes].sort());
    // The list call keeps its shape: a page of it is still { users }.
    expect(await json(`/api/users?limit=3&cursor=${whole[4]!.id}`)).toEqual({ users: whole.slice(5, 8) });
  });

  it("searches name and email in any case, a LIKE wildcard being a character to find", async () => {
    const { users: whole } = await json<{ users: Listed[] }>("/api/users");
    const pages = await pagesOf(`q=${encodeURIComponent("JORDAN.")}&limit=2`);
    expect(ids(pages.flatMap((p) => p.users))).toEqual(ids(whole.filter((u) => u.email.startsWith("jordan."))));
    expect(pages[0]!.matching).toBe(9);
    expect((await json<UserPage>("/api/users/page?q=%25")).matching).toBe(0);
    const agent = whole.find((u) => u.email === AGENT)!;
    expect(ids((await json<UserPage>(`/api/users/page?q=${encodeURIComponent(agent.name)}`)).users)).toContain(
      agent.id,
    );
  });

  it("refuses a cursor that is nobody, and keeps clients out", async () => {
    await expectCursorRefusals({ server, tokens }, "/api/users", { what: "users", notAnId: "nobody" });
    expect((await get("/api/users/page?limit=101")).status).toBe(400);
  });
});
