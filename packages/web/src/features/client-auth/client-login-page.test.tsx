import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken, readAuthType } from "../../lib/auth-storage";
import { failsWith, needsSecondFactor, setupFakeApi } from "../../test/fake-api";
import { clientTicketLists } from "../../test/client-fixtures";
import { renderApp } from "../../test/render-app";
import { expectMalformedSignInRefused, submitSignIn } from "../../test/sign-in-form";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

const DANA = { name: "Dana Whitfield", email: "client@acme.test", role: "CLIENT" } as const;

/** What a sign-in calls around the login itself: the logout before it, then the portal it opens. */
const portalAfterSignIn = () => ({
  "auth.logout": () => ({ success: true }),
  "clientPortal.profile": () => ({
    id: "c",
    name: "Acme Dental",
    contactEmail: null,
    contactPhone: null,
    address: null,
    description: null,
  }),
  ...clientTicketLists([]),
});

describe("client login page", () => {
  it("shows the spec's messages for an invalid email and an empty password, and calls nothing", async () => {
    renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });

    await expectMalformedSignInRefused("Valid email is required");
    expect(api.calls.filter((c) => c.path !== "auth.ssoProviders")).toHaveLength(0);
  });

  it("logs out first, signs in, welcomes the user and goes to /client-dashboard", async () => {
    api.on({
      "auth.clientLogin": () => ({
        token: "t-1",
        user: DANA,
      }),
      ...portalAfterSignIn(),
    });
    const { router } = renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });

    submitSignIn("client@acme.test", "demo-password");

    expect(await screen.findByText("Login successful")).toBeTruthy();
    expect(screen.getByText("Welcome back, Dana Whitfield!")).toBeTruthy();
    expect(api.calls.map((c) => c.path).filter((p) => p !== "auth.ssoProviders")).toEqual([
      "auth.logout",
      "auth.clientLogin",
    ]);
    expect(api.callsTo("auth.clientLogin")[0]!.input).toEqual({ email: "client@acme.test", password: "demo-password" });
    expect(readAuthToken()).toBe("t-1");
    expect(readAuthType()).toBe("client");
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-dashboard"));
  });

  it("moves to the code step when sign-in answers 401 SECOND_FACTOR_REQUIRED, and the code signs in", async () => {
    api.on({
      "auth.clientLogin": needsSecondFactor("chal-c", "totp"),
      "auth.verifySecondFactor": () => ({
        token: "t-2fa",
        user: DANA,
      }),
      ...portalAfterSignIn(),
    });
    const { router } = renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });
    submitSignIn("client@acme.test", "demo-password");

    const code = await screen.findByLabelText("Authentication code");
    expect(screen.queryByText("Login failed")).toBeNull();
    expect(readAuthToken()).toBeNull();
    fireEvent.change(code, { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-dashboard"));
    expect(api.callsTo("auth.verifySecondFactor")[0]!.input).toEqual({ challenge: "chal-c", code: "123456" });
    expect(readAuthToken()).toBe("t-2fa");
    expect(readAuthType()).toBe("client");
  });

  it("shows 'Login failed' with the server's message, even when the logout call fails", async () => {
    api.on({
      "auth.logout": failsWith("INTERNAL_SERVER_ERROR", "boom"),
      "auth.clientLogin": failsWith("UNAUTHORIZED", "Invalid email or password"),
    });
    const { router } = renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });

    submitSignIn("client@acme.test", "wrong");

    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getByText("Invalid email or password")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
    expect(router.state.location.pathname).toBe("/client-auth");
  });

  it("offers an agent to log out first, and clears the session when asked", async () => {
    api.on({ "auth.logout": () => ({ success: true }) });
    signInAs("AGENT");
    renderApp("/client-auth");

    fireEvent.click(await screen.findByRole("button", { name: "Log out to access client login" }));

    await waitFor(() => expect(screen.queryByRole("button", { name: "Log out to access client login" })).toBeNull());
    expect(readAuthToken()).toBeNull();
    expect(api.callsTo("auth.logout")).toHaveLength(1);
  });

  it("sends its logout calls with a JSON body ({}): the server refuses a mutation without one", async () => {
    api.on({
      "auth.logout": () => ({ success: true }),
      "auth.clientLogin": failsWith("UNAUTHORIZED", "Invalid email or password"),
    });
    signInAs("AGENT");
    renderApp("/client-auth");
    fireEvent.click(await screen.findByRole("button", { name: "Log out to access client login" }));
    await waitFor(() => expect(api.callsTo("auth.logout")).toHaveLength(1));

    submitSignIn("client@acme.test", "demo-password");
    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(api.callsTo("auth.logout").map((call) => call.input)).toEqual([{}, {}]);
  });

  it("clears a stored admin session as the page loads", async () => {
    signInAs("ADMIN");
    renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });

    await waitFor(() => expect(readAuthToken()).toBeNull());
    expect(screen.queryByRole("button", { name: "Log out to access client login" })).toBeNull();
  });

  it("links to support", async () => {
    renderApp("/client-auth");
    expect((await screen.findByRole("link", { name: "Contact support" })).getAttribute("href")).toBe("/contact");
  });
});
