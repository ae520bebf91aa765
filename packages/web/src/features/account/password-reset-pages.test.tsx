import { fireEvent, screen, waitFor } from "@testing-library/react";
import { ACCOUNT_MESSAGES } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { FakeApiError, setupFakeApi } from "../../test/fake-api";
import { submitNewPassword } from "../../test/new-password-form";
import { renderApp } from "../../test/render-app";

const api = setupFakeApi();

describe("Forgot password", () => {
  it("is linked from both sign-in pages, for that page's portal", async () => {
    renderApp("/client-auth");
    expect((await screen.findByRole("link", { name: "Forgot password?" })).getAttribute("href")).toBe(
      "/forgot-password?portal=client",
    );
  });

  it("sends the address and shows the same answer whoever asks", async () => {
    api.on({ "auth.forgotPassword": () => ({ success: true, message: ACCOUNT_MESSAGES.resetSent }) });
    renderApp("/forgot-password?portal=staff");
    fireEvent.change(await screen.findByLabelText("Email"), { target: { value: "agent@northwind.test" } });
    fireEvent.click(screen.getByRole("button", { name: "Send link" }));
    expect((await screen.findByRole("status")).textContent).toContain(ACCOUNT_MESSAGES.resetSent);
    expect(api.callsTo("auth.forgotPassword")[0]!.input).toEqual({ email: "agent@northwind.test", portal: "staff" });
    expect(screen.getByRole("link", { name: "Back to sign in" }).getAttribute("href")).toBe("/admin");
  });
});

describe("Choose a new password", () => {
  it("takes the token from the link's fragment, out of the address bar, and sets the password", async () => {
    api.on({ "auth.resetPassword": () => ({ success: true, portal: "client" }) });
    const { router } = renderApp("/reset-password?portal=client#token=abcdefghijklmnopqrstuvwxyz234567");
    await waitFor(() => expect(router.state.location.href).toBe("/reset-password?portal=client"));
    await submitNewPassword("a brand new passphrase");
    expect(await screen.findByText("Your password has been changed")).toBeTruthy();
    expect(api.callsTo("auth.resetPassword")[0]!.input).toEqual({
      token: "abcdefghijklmnopqrstuvwxyz234567",
      password: "a brand new passphrase",
    });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/client-auth");
  });

  it("shows the server's refusal of a spent link, and offers a new one", async () => {
    api.on({
      "auth.resetPassword": () => {
        throw new FakeApiError("BAD_REQUEST", ACCOUNT_MESSAGES.resetInvalid);
      },
    });
    renderApp("/reset-password?portal=staff#token=abcdefghijklmnopqrstuvwxyz234567");
    await submitNewPassword("a brand new passphrase");
    expect((await screen.findByRole("alert")).textContent).toContain(ACCOUNT_MESSAGES.resetInvalid);
    expect(screen.getByRole("link", { name: "Ask for a new link" }).getAttribute("href")).toBe(
      "/forgot-password?portal=staff",
    );
  });

  it("says so when the link lost its token", async () => {
    renderApp("/reset-password");
    expect(await screen.findByText("This link is not complete")).toBeTruthy();
  });
});
