// Inviting a person by mail, over REST as the Users screen and the invitation page use it: one mail with
// a single-use link valid 7 days, the password chosen from it, a resend that spends the old link, and no
// password sign-in until then.
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { beforeAll, describe, expect, it } from "vitest";
import { accountEvents, eq, invitations, users } from "@repo/db";
import { hashSecret } from "../auth/session.js";
import { ACME, ADMIN, AGENT, demoCompanies, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { deleteExpiredInvitations, INVITATION_TTL_MS } from "./invitations.js";

const { server } = serverForFile();
let admin: string;
let acme: string;

beforeAll(async () => {
  admin = await server.login(ADMIN);
  acme = (await demoCompanies(server)).acme;
});

const PASSWORD = "violet harbour lantern 42";

const invite = (json: unknown, token = admin) =>
  server.request("/api/users/invitations", { method: "POST", json, token });
const accept = (json: unknown) => server.request("/api/auth/invitation/accept", { method: "POST", json });
const resend = (id: string, token = admin) => server.request(`/api/users/${id}/invitation`, { method: "POST", token });

/** The invitation mails to `email`, newest first. */
const invitationMails = async (email: string) =>
  (await server.mailsTo(email)).filter((m) => m.kind === "account.invitation");

/** The token of the newest invitation mail to `email`. */
const tokenFor = async (email: string) => (await invitationMails(email))[0]?.text.match(/#token=([a-z2-7]+)/)?.[1];

const loginStatus = async (email: string, password: string) =>
  (await server.request("/api/auth/login", { method: "POST", json: { email, password } })).status;

describe("inviting", () => {
  it("creates the person as Invited and sends one mail with a link, storing only the token's hash", async () => {
    const res = await invite({ name: "Nora Quill", email: "Nora@Northwind.test", role: "AGENT" });
    expect(res.status).toBe(200);
    const user = await res.json();
    expect(user).toMatchObject({
      name: "Nora Quill",
      email: "nora@northwind.test",
      role: "AGENT",
      invitationPending: true,
    });

    const mails = await invitationMails("nora@northwind.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("/accept-invitation?portal=staff#token=");
    const token = await tokenFor("nora@northwind.test");
    const [row] = await server.services.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, hashSecret(token!)));
    expect(row!.userId).toBe(user.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(INVITATION_TTL_MS);

    const listed = await (await server.request("/api/users", { token: admin })).json();
    expect(listed.users.find((u: { id: string }) => u.id === user.id)).toMatchObject({ invitationPending: true });
    const logged = await server.services.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(logged.map((e) => e.action)).toEqual(["invited_by_admin"]);
  });

  it("refuses a non-admin, a taken address and a client without a company, and changes nothing", async () => {
    const agent = await server.login(AGENT);
    const body = { name: "Otto Vale", email: "otto@northwind.test", role: "AGENT" };
    expect((await invite(body, agent)).status).toBe(403);
    expect((await invite(body, await server.login(ACME))).status).toBe(403);
    const taken = await invite({ ...body, email: AGENT });
    expect([taken.status, await taken.json()]).toMatchObject([409, { error: "A user with this email already exists" }]);
    const noCompany = await invite({ ...body, role: "CLIENT" });
    expect([noCompany.status, await noCompany.json()]).toMatchObject([400, { error: "A client user needs a company" }]);
    expect(await server.services.db.select().from(users).where(eq(users.email, "otto@northwind.test"))).toEqual([]);
    expect(await invitationMails("otto@northwind.test")).toEqual([]);
  });
});

describe("accepting", () => {
  it("a pending person cannot sign in with a password; the link sets it, once, and they sign in", async () => {
    const user = await (
      await invite({ name: "Client Pike", email: "client@pike.test", role: "CLIENT", clientId: acme })
    ).json();
    expect(await loginStatus("client@pike.test", "demo-password")).toBe(401);
    const token = await tokenFor("client@pike.test");

    const short = await accept({ token, password: "short" });
    expect(await short.json()).toMatchObject({ error: "Password must be at least 8 characters" });
    const breached = await accept({ token, password: "password123" });
    expect([breached.status, await breached.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.breached }]);

    const done = await accept({ token, password: PASSWORD });
    expect([done.status, await done.json()]).toEqual([200, { success: true, portal: "client" }]);
    expect(await server.login("client@pike.test", PASSWORD)).toBeTruthy();
    const [row] = await server.services.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.invitationPending).toBe(false);
    const logged = await server.services.db.select().from(accountEvents).where(eq(accountEvents.userId, user.id));
    expect(logged.map((e) => e.action).sort()).toEqual(["invitation_accepted", "invited_by_admin"]);

    const again = await accept({ token, password: "another lantern phrase" });
    expect([again.status, await again.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.invitationInvalid }]);
    expect(await server.login("client@pike.test", PASSWORD)).toBeTruthy();
  });

  it("refuses an expired link and an unknown one", async () => {
    await invite({ name: "Ray Lumen", email: "ray@northwind.test", role: "VIEWER" });
    const token = await tokenFor("ray@northwind.test");
    const unknown = await accept({ token: "x".repeat(32), password: PASSWORD });
    expect([unknown.status, await unknown.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.invitationInvalid }]);
    await server.services.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, hashSecret(token!)));
    const expired = await accept({ token, password: PASSWORD });
    expect([expired.status, await expired.json()]).toMatchObject([400, { error: ACCOUNT_MESSAGES.invitationInvalid }]);
    expect(await loginStatus("ray@northwind.test", PASSWORD)).toBe(401);
  });
});

describe("resending", () => {
  it("sends a new link and the old one stops working", async () => {
    const user = await (await invite({ name: "Sam Fenn", email: "sam@northwind.test", role: "AGENT" })).json();
    const old = await tokenFor("sam@northwind.test");
    const res = await resend(user.id);
    expect([res.status, (await res.json()).invitationPending]).toEqual([200, true]);
    expect(await invitationMails("sam@northwind.test")).toHaveLength(2);
    const fresh = await tokenFor("sam@northwind.test");
    expect(fresh).not.toBe(old);

    expect((await accept({ token: old, password: PASSWORD })).status).toBe(400);
    expect((await accept({ token: fresh, password: PASSWORD })).status).toBe(200);
    // Accepted: nothing left to resend.
    const after = await resend(user.id);
    expect([after.status, await after.json()]).toMatchObject([
      409,
      { error: "This person has already accepted their invitation" },
    ]);
  });

  it("is for admins only, and an unknown id is not found", async () => {
    const ids = await userIds(server);
    expect((await resend(ids[AGENT]!, await server.login(AGENT))).status).toBe(403);
    expect((await resend("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await resend("not-an-id")).status).toBe(404);
  });

  it("expired links are purged by housekeeping", async () => {
    const later = new Date(Date.now() + INVITATION_TTL_MS + 1000);
    expect(await deleteExpiredInvitations(server.services.db, later)).toBeGreaterThan(0);
    expect(await server.services.db.select().from(invitations)).toEqual([]);
  });
});
