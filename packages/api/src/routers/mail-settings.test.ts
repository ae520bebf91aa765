// The mail settings after the first run (issue 42): an admin changes the SMTP server and the From address;
// the password is stored but never shown, and saving the address as shown keeps it.
import { afterAll, describe, expect, it } from "vitest";
import { appSettings, eq } from "@repo/db";
import { readMailSettings } from "../settings/mail.js";
import { ACME, ADMIN, AGENT, VIEWER } from "../test/fixtures.js";
import { serverForFile } from "../test/file-server.js";

const { server, tokens } = serverForFile([ADMIN, AGENT, VIEWER, ACME]);
afterAll(() => server.services.db.delete(appSettings).where(eq(appSettings.key, "mail")));

const call = (method: string, json?: unknown, email = ADMIN) =>
  server.request("/api/settings/mail", { method, json, token: tokens[email] });
const stored = () => readMailSettings(server.services.db);

describe("mail settings", () => {
  it("shows an admin the stored server without its password, and keeps the password on a save as shown", async () => {
    const first = await call("PUT", {
      smtpUrl: "smtp://mailer:s3cret-pass@mail.maple.example:587",
      fromAddress: "help@maple.example",
    });
    expect(first.status, await first.clone().text()).toBe(200);
    const shown = await first.text();
    expect(shown).not.toContain("s3cret-pass");
    expect(JSON.parse(shown)).toEqual({
      smtpUrl: "smtp://mailer@mail.maple.example:587",
      smtpPasswordStored: true,
      fromAddress: "help@maple.example",
      smtpFromEnvironment: Boolean(server.services.config.SMTP_URL),
    });
    expect(await (await call("GET")).json()).toEqual(JSON.parse(shown));

    // The address as shown, with another From: the password stays.
    expect(
      (await call("PUT", { smtpUrl: "smtp://mailer@mail.maple.example:587", fromAddress: "desk@maple.example" }))
        .status,
    ).toBe(200);
    expect(await stored()).toEqual({
      smtpUrl: "smtp://mailer:s3cret-pass@mail.maple.example:587",
      fromAddress: "desk@maple.example",
    });

    // Another account on the same host is another login: no password goes with it.
    await call("PUT", { smtpUrl: "smtp://relay@mail.maple.example:587", fromAddress: null });
    expect(await stored()).toEqual({ smtpUrl: "smtp://relay@mail.maple.example:587", fromAddress: null });
    expect(await (await call("GET")).json()).toMatchObject({ smtpPasswordStored: false });

    // Emptied: mails wait in the outbox.
    await call("PUT", { smtpUrl: "", fromAddress: "" });
    expect(await stored()).toEqual({ smtpUrl: null, fromAddress: null });
  });

  it("refuses a bad address with the form's message and changes nothing", async () => {
    await call("PUT", { smtpUrl: "smtp://mailer:pw@mail.maple.example:587", fromAddress: "help@maple.example" });
    const before = await stored();
    const badServer = await call("PUT", { smtpUrl: "http://mail.maple.example", fromAddress: null });
    expect(badServer.status).toBe(400);
    expect(await badServer.json()).toMatchObject({ error: "The SMTP address must start with smtp:// or smtps://" });
    const badFrom = await call("PUT", { smtpUrl: null, fromAddress: "not an address" });
    expect(badFrom.status).toBe(400);
    expect(await badFrom.json()).toMatchObject({ error: "Please enter a valid From address" });
    expect(await stored()).toEqual(before);
  });

  it("is an admin's alone: agents, viewers and clients are refused, visitors asked to sign in", async () => {
    for (const email of [AGENT, VIEWER, ACME]) {
      expect((await call("GET", undefined, email)).status).toBe(403);
      expect((await call("PUT", { smtpUrl: null, fromAddress: null }, email)).status).toBe(403);
    }
    expect((await server.request("/api/settings/mail")).status).toBe(401);
  });
});
