import { describe, expect, it } from "vitest";
import { DEMO_ACCOUNTS } from "@repo/db";
import { serverForFile } from "../test/file-server.js";
import { expectRefused } from "../test/refusals.js";

const { server } = serverForFile();

const post = (path: string, json: unknown, token?: string) => server.request(path, { method: "POST", json, token });

describe("sign-in", () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a.role] as const))(
    "%s signs in and gets a token and user",
    async (email, role) => {
      const path = role === "CLIENT" ? "/api/client/login" : "/api/auth/login";
      const res = await post(path, { email, password: "demo-password" });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { token: string; user: Record<string, unknown> };
      expect(body.token).toMatch(/^[a-z2-7]{32}$/);
      expect(body.user).toEqual({ name: expect.any(String), email, role });
      expect(res.headers.get("set-cookie")).toMatch(/^session=[a-z2-7]{32}; Path=\/; HttpOnly; SameSite=Lax/);
    },
  );

  it("refuses a wrong password without saying which field was wrong", async () => {
    const res = await post("/api/auth/login", { email: "agent@northwind.test", password: "nope" });
    await expectRefused(res, 401, "Invalid email or password", "UNAUTHORIZED");
    const unknown = await post("/api/auth/login", { email: "ghost@northwind.test", password: "nope" });
    await expectRefused(unknown, 401, "Invalid email or password", "UNAUTHORIZED");
  });

  it("refuses the wrong portal", async () => {
    const staffAtClient = await post("/api/client/login", { email: "admin@northwind.test", password: "demo-password" });
    expect(staffAtClient.status).toBe(403);
    const clientAtStaff = await post("/api/auth/login", { email: "client@acme.test", password: "demo-password" });
    expect(clientAtStaff.status).toBe(403);
    expect(((await clientAtStaff.json()) as { error: string }).error).toMatch(/client-auth/);
  });

  it("answers bad input with the spec's messages", async () => {
    const client = await post("/api/client/login", { email: "not-an-email", password: "" });
    expect(client.status).toBe(400);
    const body = (await client.json()) as { error: string; issues: { path: string[]; message: string }[] };
    expect(body.issues).toEqual([
      { path: ["email"], message: "Valid email is required" },
      { path: ["password"], message: "Password is required" },
    ]);
    const staff = await post("/api/auth/login", { email: "x", password: "y" });
    expect(((await staff.json()) as { error: string }).error).toBe("Please enter a valid email address");
  });

  it("works over tRPC too", async () => {
    const res = await server.request("/trpc/auth.login", {
      method: "POST",
      json: { email: "agent@northwind.test", password: "demo-password" },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { data: { user: { role: string } } } };
    expect(body.result.data.user.role).toBe("AGENT");
  });
});

describe("session", () => {
  it("me returns the user for a token and 401 without one", async () => {
    const token = await server.login("client@acme.test");
    const me = await server.request("/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "client@acme.test", role: "CLIENT", clientId: expect.any(String) });
    const anonymous = await server.request("/api/auth/me");
    await expectRefused(anonymous, 401, "Authentication required", "UNAUTHORIZED");
  });

  it("accepts the session cookie", async () => {
    const res = await post("/api/auth/login", { email: "agent@northwind.test", password: "demo-password" });
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const me = await server.request("/api/auth/me", { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it("logout invalidates the token on the server", async () => {
    const token = await server.login("agent@northwind.test");
    const out = await server.request("/api/auth/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ success: true });
    expect((await server.request("/api/auth/me", { token })).status).toBe(401);
  });

  it("logout without a session still succeeds (the client login calls it first)", async () => {
    const res = await server.request("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(200);
  });

  it("refuses a cookie-authenticated write from a foreign origin", async () => {
    const res = await post("/api/auth/login", { email: "agent@northwind.test", password: "demo-password" });
    const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    const forged = await server.request("/api/auth/logout", {
      method: "POST",
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(forged.status).toBe(403);
    expect((await server.request("/api/auth/me", { headers: { cookie } })).status).toBe(200);
  });
});

describe("register", () => {
  const newUser = { name: "Casey Doe", email: "casey@northwind.test", password: "long-enough-pw", role: "AGENT" };

  it("lets an ADMIN create a user who can then sign in", async () => {
    const admin = await server.login("admin@northwind.test");
    const res = await post("/api/register", newUser, admin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      name: "Casey Doe",
      email: "casey@northwind.test",
      role: "AGENT",
      clientId: null,
    });
    expect(await server.login("casey@northwind.test", "long-enough-pw")).toBeTruthy();
    const again = await post("/api/register", newUser, admin);
    expect(again.status).toBe(409);
  });

  it("refuses an AGENT, a CLIENT and an anonymous caller, and creates nothing", async () => {
    const attempt = { ...newUser, email: "sneaky@northwind.test", role: "ADMIN" };
    expect((await post("/api/register", attempt, await server.login("agent@northwind.test"))).status).toBe(403);
    expect((await post("/api/register", attempt, await server.login("client@acme.test"))).status).toBe(403);
    expect((await post("/api/register", attempt)).status).toBe(401);
    const res = await post("/api/auth/login", { email: "sneaky@northwind.test", password: newUser.password });
    expect(res.status).toBe(401);
  });

  it("requires a company for a CLIENT user", async () => {
    const admin = await server.login("admin@northwind.test");
    const res = await post("/api/register", { ...newUser, email: "c2@acme.test", role: "CLIENT" }, admin);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe("A client user needs a company");
  });
});

describe("throttling", () => {
  it("locks an account after 5 failures with 429 and Retry-After, even for the right password", async () => {
    const email = "viewer@northwind.test";
    for (let i = 0; i < 5; i++) {
      expect((await post("/api/auth/login", { email, password: `wrong-${i}` })).status).toBe(401);
    }
    const locked = await post("/api/auth/login", { email, password: "demo-password" });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await locked.json()) as { error: string }).error).toMatch(/Too many failed sign-in attempts/);
    // Another account from the same address is not locked by this one.
    expect((await post("/api/auth/login", { email: "agent@northwind.test", password: "demo-password" })).status).toBe(
      200,
    );
  });
});

describe("a mutation sent alone over tRPC", () => {
  it("takes no body as no input (the web app's sign-out)", async () => {
    const token = await server.login("client@acme.test");
    const res = await server.request("/trpc/auth.logout", { method: "POST", token });
    expect(res.status).toBe(200);
    expect((await server.request("/api/auth/me", { token })).status).toBe(401);
  });
});
