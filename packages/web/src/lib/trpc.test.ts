import { getUntypedClient } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { writeSession } from "./auth-storage";
import { createTrpcClient } from "./trpc";

/** Calls one query through the real link and returns the request fetch received. */
async function sendQuery() {
  const fetchSpy = vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify([{ result: { data: { ok: true } } }]), {
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchSpy);
  // Untyped on purpose: this tests the link, whichever procedures the API has.
  const result = await getUntypedClient(createTrpcClient("http://localhost/trpc")).query("auth.me");
  const [input, init] = fetchSpy.mock.calls[0]!;
  return { result, url: String(input), init: init!, headers: new Headers(init!.headers) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("tRPC client", () => {
  it("calls /trpc without Authorization and with cookies included when signed out", async () => {
    const { result, url, init, headers } = await sendQuery();

    expect(result).toEqual({ ok: true });
    expect(url).toMatch(/^http:\/\/localhost\/trpc\/auth\.me\?/);
    expect(headers.has("authorization")).toBe(false);
    expect(init.credentials).toBe("include");
  });

  // A client session is same-origin only; a staff session also sends its cookies.
  it.each([
    { token: "client-token", role: "CLIENT", authType: "client", credentials: "same-origin" },
    { token: "staff-token", role: "ADMIN", authType: "admin", credentials: "include" },
  ] as const)("sends the stored $authType token as a bearer header, credentials $credentials", async (session) => {
    writeSession({
      token: session.token,
      user: { name: "Someone", email: "someone@example.test", role: session.role },
      authType: session.authType,
    });

    const { init, headers } = await sendQuery();

    expect(headers.get("authorization")).toBe(`Bearer ${session.token}`);
    expect(init.credentials).toBe(session.credentials);
  });
});

describe("tRPC batching", () => {
  it("batches queries but sends each mutation alone, as the server requires", async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
      const batched = new URL(String(input)).searchParams.has("batch");
      const one = { result: { data: { ok: true } } };
      return new Response(JSON.stringify(batched ? [one, one] : one), {
        headers: { "content-type": "application/json" },
      });
    });
    vi.stubGlobal("fetch", fetchSpy);
    const client = getUntypedClient(createTrpcClient("http://localhost/trpc"));

    await Promise.all([client.query("auth.me"), client.query("clients.list")]);
    await Promise.all([client.mutation("auth.logout", {}), client.mutation("auth.logout", {})]);

    const urls = fetchSpy.mock.calls.map(([input]) => new URL(String(input)));
    expect(urls.map((u) => [u.pathname, u.searchParams.has("batch")])).toEqual([
      ["/trpc/auth.me,clients.list", true],
      ["/trpc/auth.logout", false],
      ["/trpc/auth.logout", false],
    ]);
  });
});
