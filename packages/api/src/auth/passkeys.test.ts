// Passkeys over REST, where no authenticator is needed: the options and their single-use challenges,
// and the refusals. The whole ceremony runs in Chromium with its virtual authenticator
// (packages/web/e2e/accounts.e2e.ts).
import { beforeAll, describe, expect, it } from "vitest";
import { accountEvents, eq, passkeyChallenges, passkeys } from "@repo/db";
import { softAuthenticator } from "../test/authenticator.js";
import { ACME, AGENT, BIRCH, userIds } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";
import { PASSKEY_REFUSED, PASSKEY_UNVERIFIED } from "./passkeys.js";

const { server } = serverForFile();
let ids: Record<string, string>;

beforeAll(async () => {
  ids = await userIds(server);
});

async function call(path: string, json: unknown, token?: string, method = "POST") {
  const res = await server.request(path, { method, json, token });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A made-up browser answer, shaped right, signed by nobody. */
const forged = (id: string) => ({
  id,
  rawId: id,
  type: "public-key",
  response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  clientExtensionResults: {},
});

describe("passkeys", () => {
  it("registration options name the site and the person, and keep their challenge for that person", async () => {
    const token = await server.login(ACME);
    const { status, body } = await call("/api/account/passkeys/options", {}, token);
    expect(status).toBe(200);
    expect(body.rp).toMatchObject({ id: "127.0.0.1", name: "Northwind IT" }); // no PUBLIC_URL: the address asked
    expect(body.user).toMatchObject({ name: ACME });
    const [kept] = await server.services.db
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.id, body.challenge as string));
    expect(kept!.userId).toBe(ids[ACME]);
  });

  it("sign-in options are for anyone, with a challenge of their own", async () => {
    const { status, body } = await call("/api/auth/passkey/options", {});
    expect(status).toBe(200);
    expect(body).toMatchObject({ rpId: "127.0.0.1", challenge: expect.any(String) });
  });

  it("refuses an unknown passkey and a forged answer for a known one", async () => {
    const unknown = await call("/api/auth/passkey", { response: forged("bm9wZQ"), portal: "client" });
    expect([unknown.status, unknown.body.error]).toEqual([401, PASSKEY_REFUSED]);

    await server.services.db
      .insert(passkeys)
      .values({ id: "a25vd24", userId: ids[ACME]!, publicKey: "AA", name: "Planted" });
    const forgedKnown = await call("/api/auth/passkey", { response: forged("a25vd24"), portal: "client" });
    expect([forgedKnown.status, forgedKnown.body.error]).toEqual([401, PASSKEY_REFUSED]);
    const badRegistration = await call(
      "/api/account/passkeys",
      { response: forged("bmV3"), name: "Mine" },
      await server.login(ACME),
    );
    expect([badRegistration.status, badRegistration.body.error]).toEqual([400, PASSKEY_REFUSED]);
  });

  it("lists and removes only one's own passkeys", async () => {
    const dana = await server.login(ACME);
    const sam = await server.login(AGENT);
    expect(((await call("/api/account/passkeys", undefined, dana, "GET")).body.passkeys as unknown[]).length).toBe(1);
    expect((await call("/api/account/passkeys/a25vd24", undefined, sam, "DELETE")).status).toBe(404);
    expect((await call("/api/account/passkeys/a25vd24", undefined, dana, "DELETE")).status).toBe(200);
    expect((await call("/api/account/passkeys", undefined, dana, "GET")).body.passkeys).toEqual([]);
    const logged = await server.services.db.select().from(accountEvents).where(eq(accountEvents.userId, ids[ACME]!));
    expect(logged.map((e) => e.action)).toEqual(["passkey_removed"]);
  });
});

describe("passkeys stand for two factors only with user verification", () => {
  it("ask for it, and refuse an answer with the touch alone (UP without UV), at registration and sign-in", async () => {
    const token = await server.login(BIRCH);
    const key = softAuthenticator();

    const options = await call("/api/account/passkeys/options", {}, token);
    expect(options.body.authenticatorSelection).toMatchObject({ userVerification: "required" });
    const touchOnly = await call(
      "/api/account/passkeys",
      { response: key.register(options.body, server.url, { uv: false }), name: "Touch only" },
      token,
    );
    expect([touchOnly.status, touchOnly.body.error]).toEqual([400, PASSKEY_UNVERIFIED]);
    expect((await call("/api/account/passkeys", undefined, token, "GET")).body.passkeys).toEqual([]);

    const again = await call("/api/account/passkeys/options", {}, token);
    const added = await call(
      "/api/account/passkeys",
      { response: key.register(again.body, server.url), name: "Soft key" },
      token,
    );
    expect(added.status).toBe(200);

    const signIn = await call("/api/auth/passkey/options", {});
    expect(signIn.body.userVerification).toBe("required");
    const upOnly = await call("/api/auth/passkey", {
      response: key.assert(signIn.body, server.url, { uv: false }),
      portal: "client",
    });
    expect([upOnly.status, upOnly.body.error]).toEqual([401, PASSKEY_UNVERIFIED]);
    expect(upOnly.body.token).toBeUndefined();

    const verified = await call("/api/auth/passkey", {
      response: key.assert((await call("/api/auth/passkey/options", {})).body, server.url),
      portal: "client",
    });
    expect(verified.status).toBe(200);
    expect(verified.body.token).toEqual(expect.any(String));
  });
});
