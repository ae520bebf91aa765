import { screen, waitFor } from "@testing-library/react";
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { FakeApiError, setupFakeApi } from "../../test/fake-api";
import { submitNewPassword } from "../../test/new-password-form";
import { renderApp } from "../../test/render-app";

const api = setupFakeApi();
const TOKEN = "abcdefghijklmnopqrstuvwxyz234567";

describe("Set up your account (/accept-invitation)", () => {
  it("takes the token from the fragment, sets the password and leads to the portal's sign-in", async () => {
    api.on({ "auth.acceptInvitation": () => ({ success: true, portal: "staff" }) });
    const { router } = renderApp(`/accept-invitation?portal=staff#token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.href).toBe("/accept-invitation?portal=staff"));
    await submitNewPassword("violet harbour lantern 42", undefined, "Set password");
    expect(await screen.findByText("Your account is ready")).toBeTruthy();
    expect(api.callsTo("auth.acceptInvitation")[0]!.input).toEqual({
      token: TOKEN,
      password: "violet harbour lantern 42",
    });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/admin");
  });

  it("shows the server's refusal of an expired or used invitation", async () => {
    api.on({
      "auth.acceptInvitation": () => {
        throw new FakeApiError("BAD_REQUEST", ACCOUNT_MESSAGES.invitationInvalid);
      },
    });
    renderApp(`/accept-invitation?portal=client#token=${TOKEN}`);
    await submitNewPassword("violet harbour lantern 42", undefined, "Set password");
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MESSAGES.invitationInvalid);
  });

  it("says so when the link lost its token", async () => {
    renderApp("/accept-invitation");
    expect(await screen.findByText("This link is not complete")).toBeTruthy();
  });
});
