import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { ACCOUNT_MESSAGES, REAUTH_REQUIRED } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { readStoredUser } from "../../lib/auth-storage";
import { FakeApiError } from "../../test/fake-api";
import { submitNewPassword } from "../../test/new-password-form";
import { clientTicketLists } from "../../test/client-fixtures";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";
import { tableRows } from "../../test/table-rows";

const { api, answerDefaults } = setupStaffTest();

const session = (id: string, userAgent: string, current: boolean) => ({
  id,
  createdAt: "2026-11-20T14:00:00.000Z",
  lastUsedAt: "2026-11-23T15:30:00.000Z",
  expiresAt: "2026-12-20T14:00:00.000Z",
  userAgent,
  ipAddress: "203.0.113.7",
  current,
});

const CHROME =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile/15E148 Safari/604.1";

describe("My account", () => {
  it("links an admin, and only an admin, to the integrations and automation screens", async () => {
    answerDefaults();
    api.on({ "account.sessions": () => ({ sessions: [session("s-here", CHROME, true)] }) });
    signInAs("ADMIN");
    const { unmount } = renderApp("/account");
    const links = await screen.findByRole("navigation", { name: "Integrations and automation" });
    expect(within(links).getByRole("link", { name: "Recurring tickets" }).getAttribute("href")).toBe(
      "/automation/recurring",
    );
    unmount();
    signInAs("AGENT");
    renderApp("/account");
    await tableRows("Sessions");
    expect(screen.queryByRole("navigation", { name: "Integrations and automation" })).toBeNull();
  });

  it("lists the sessions in words, marks this browser, and signs one out", async () => {
    answerDefaults();
    let sessions = [session("s-here", CHROME, true), session("s-phone", IPHONE, false)];
    api.on({
      "account.sessions": () => ({ sessions }),
      "account.endSession": ({ id }: { id: string }) => {
        sessions = sessions.filter((s) => s.id !== id);
        return { success: true };
      },
    });
    signInAs("AGENT");
    renderApp("/account");

    const [here, phone] = await tableRows("Sessions");
    expect(within(here!).getByText("Chrome on Windows")).toBeTruthy();
    expect(within(here!).getByText("This browser")).toBeTruthy();
    expect(within(here!).queryByRole("button")).toBeNull();
    expect(within(phone!).getByText("Safari on iPhone")).toBeTruthy();

    fireEvent.click(within(phone!).getByRole("button", { name: /^Sign out Safari on iPhone/ }));
    await waitFor(() => expect(screen.queryByText("Safari on iPhone")).toBeNull());
    expect(api.callsTo("account.endSession")[0]!.input).toEqual({ id: "s-phone" });
    expect((screen.getByRole("button", { name: "Sign out everywhere else" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("changes the password: checks the confirmation first, then shows the server's refusal", async () => {
    answerDefaults();
    api.on({
      "account.sessions": () => ({ sessions: [session("s-here", CHROME, true)] }),
      "account.changePassword": () => {
        throw new FakeApiError("BAD_REQUEST", "The current password is not correct");
      },
    });
    signInAs("AGENT");
    renderApp("/account");

    fireEvent.change(await screen.findByLabelText("Current password"), { target: { value: "old-password" } });
    await submitNewPassword("a new passphrase", "a different one");
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(api.callsTo("account.changePassword")).toHaveLength(0);

    await submitNewPassword("a new passphrase");
    expect(await screen.findByText("The current password is not correct")).toBeTruthy();
    expect(api.callsTo("account.changePassword")[0]!.input).toEqual({
      currentPassword: "old-password",
      newPassword: "a new passphrase",
    });
  });

  it("saves a new name and greets the person by it", async () => {
    answerDefaults();
    api.on({
      "account.sessions": () => ({ sessions: [] }),
      "account.update": ({ name }: { name: string }) => ({
        id: "u1",
        name,
        email: "agent@example.test",
        role: "AGENT",
        clientId: null,
      }),
    });
    signInAs("AGENT");
    renderApp("/account");

    const name = await screen.findByLabelText("Name");
    fireEvent.change(name, { target: { value: "Ada King" } });
    fireEvent.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("You are now Ada King.")).toBeTruthy();
    expect(readStoredUser()?.name).toBe("Ada King");
  });

  it("sets up an authenticator app: QR code and key, a first code, then the recovery codes once", async () => {
    answerDefaults();
    let on = false;
    api.on({
      "account.sessions": () => ({ sessions: [] }),
      "account.secondFactor": () => ({ totp: on, recoveryCodesLeft: on ? 10 : 0 }),
      "account.startTotp": () => ({ secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg></svg>" }),
      "account.confirmTotp": () => {
        on = true;
        return { recoveryCodes: ["abcde-fghij", "klmno-pqrst"] };
      },
    });
    signInAs("AGENT");
    renderApp("/account");

    fireEvent.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    expect(await screen.findByAltText("QR code to add this account to an authenticator app")).toBeTruthy();
    expect(screen.getByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Enter the 6-digit code")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code from the app"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on" }));

    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(
      within(list)
        .getAllByRole("listitem")
        .map((i) => i.textContent),
    ).toEqual(["abcde-fghij", "klmno-pqrst"]);
    expect(api.callsTo("account.confirmTotp")[0]!.input).toEqual({ code: "123456" });
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(await screen.findByText(/Two-factor sign-in is on/)).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Recovery codes" })).toBeNull();
  });

  it("makes new recovery codes once the password is given again", async () => {
    answerDefaults();
    api.on({
      "account.sessions": () => ({ sessions: [] }),
      "account.secondFactor": () => ({ totp: true, recoveryCodesLeft: 3 }),
      "account.newRecoveryCodes": () => ({ recoveryCodes: ["uvwxy-z2345"] }),
    });
    signInAs("AGENT");
    renderApp("/account");

    fireEvent.click(await screen.findByRole("button", { name: "New recovery codes" }));
    fireEvent.change(screen.getByLabelText("Your password"), { target: { value: "my password" } });
    fireEvent.click(screen.getByRole("button", { name: "New recovery codes" }));
    const list = await screen.findByRole("list", { name: "Recovery codes" });
    expect(within(list).getByText("uvwxy-z2345")).toBeTruthy();
    expect(api.callsTo("account.newRecoveryCodes")[0]!.input).toEqual({ password: "my password" });
  });

  it("is linked from the client dashboard and leads back to it", async () => {
    api.on({
      "clientPortal.profile": () => ({ id: "c1", name: "Acme Dental", contactEmail: null, contactPhone: null }),
      ...clientTicketLists([]),
      "account.sessions": () => ({ sessions: [session("s-here", CHROME, true)] }),
      "account.secondFactor": () => ({ totp: false, recoveryCodesLeft: 0 }),
    });
    signInAs("CLIENT");
    renderApp("/client-dashboard");
    fireEvent.click(await screen.findByRole("link", { name: "My account" }));
    expect(await screen.findByRole("heading", { name: "My account" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "← Back to the dashboard" }).getAttribute("href")).toBe(
      "/client-dashboard",
    );
  });

  it("lists each passkey and the app with when and from where they were added; older ones say unknown", async () => {
    answerDefaults();
    api.on({
      "account.sessions": () => ({ sessions: [] }),
      "account.secondFactor": () => ({
        totp: true,
        recoveryCodesLeft: 10,
        addedAt: "2026-11-25T14:00:00.000Z",
        addedIp: "198.51.100.4",
        addedUserAgent: IPHONE,
      }),
      "account.passkeys": () => ({
        passkeys: [
          {
            id: "pk-new",
            name: "Work laptop",
            createdAt: "2026-11-24T15:00:00.000Z",
            lastUsedAt: null,
            addedIp: "203.0.113.7",
            addedUserAgent: CHROME,
          },
          {
            id: "pk-old",
            name: "Old key",
            createdAt: "2026-10-01T15:00:00.000Z",
            lastUsedAt: null,
            addedIp: null,
            addedUserAgent: null,
          },
        ],
      }),
    });
    signInAs("AGENT");
    renderApp("/account");

    const [laptop, old] = await tableRows("Passkeys");
    expect(within(laptop!).getByText("203.0.113.7 · Chrome on Windows")).toBeTruthy();
    expect(within(old!).getByText("unknown")).toBeTruthy();
    expect(await screen.findByText(/from 198\.51\.100\.4 · Safari on iPhone\./)).toBeTruthy();
  });

  it("asks for the password when the server wants a re-authentication, then sends the change again", async () => {
    answerDefaults();
    let proved = false;
    api.on({
      "account.sessions": () => ({ sessions: [] }),
      "account.secondFactor": () => ({ totp: false, recoveryCodesLeft: 0 }),
      "account.passkeys": () => ({ passkeys: [] }),
      "account.startTotp": () => {
        if (!proved) throw new FakeApiError("FORBIDDEN", ACCOUNT_MESSAGES.reauthRequired, { reason: REAUTH_REQUIRED });
        return { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg></svg>" };
      },
      "account.reauthenticate": ({ password }: { password?: string }) => {
        if (password !== "my password") throw new FakeApiError("BAD_REQUEST", "The current password is not correct");
        proved = true;
        return { success: true };
      },
    });
    signInAs("AGENT");
    renderApp("/account");

    fireEvent.click(await screen.findByRole("button", { name: "Set up authenticator app" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm it is you" });
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "a guess" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("The current password is not correct")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "my password" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByAltText("QR code to add this account to an authenticator app")).toBeTruthy();
    expect(api.callsTo("account.startTotp")).toHaveLength(2);
    expect(api.callsTo("account.reauthenticate").map((c) => c.input)).toEqual([
      { password: "a guess" },
      { password: "my password" },
    ]);
  });
});
