import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken, readAuthType, readStoredUser } from "../../lib/auth-storage";
import { renderApp } from "../../test/render-app";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const BOTH = [
  { id: "microsoft", label: "Microsoft" },
  { id: "google", label: "Google" },
];

describe("single sign-on buttons", () => {
  it("shows a link per provider under the staff form, to the staff portal's flow", async () => {
    api.on({ "auth.ssoProviders": () => BOTH });
    renderApp("/admin");
    const microsoft = await screen.findByRole("link", { name: "Sign in with Microsoft" });
    expect(microsoft.getAttribute("href")).toBe("/api/auth/sso/microsoft?portal=staff");
    expect(screen.getByRole("link", { name: "Sign in with Google" }).getAttribute("href")).toBe(
      "/api/auth/sso/google?portal=staff",
    );
    // A link is reachable with Tab and followed with Enter: nothing in between.
    microsoft.focus();
    expect(document.activeElement).toBe(microsoft);
  });

  it("shows only the providers that are set up, for the client portal", async () => {
    api.on({ "auth.ssoProviders": () => [BOTH[1]] });
    renderApp("/client-auth");
    const google = await screen.findByRole("link", { name: "Sign in with Google" });
    expect(google.getAttribute("href")).toBe("/api/auth/sso/google?portal=client");
    expect(screen.queryByRole("link", { name: "Sign in with Microsoft" })).toBeNull();
  });

  it("shows no buttons when no provider is set up", async () => {
    renderApp("/admin");
    await screen.findByRole("button", { name: "Sign In" });
    await waitFor(() => expect(api.callsTo("auth.ssoProviders")).toHaveLength(1));
    expect(screen.queryByRole("link", { name: /Sign in with/ })).toBeNull();
  });

  it("shows the server's reason when a single sign-on was refused", async () => {
    const message = "No account here uses someone@example.com. Ask your administrator to add you, then sign in again.";
    renderApp(`/client-auth?sso_error=${encodeURIComponent(message)}`);
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Single sign-on failed");
    expect(alert.textContent).toContain(message);
  });
});

const fragment = (user: Record<string, string>) => `#${new URLSearchParams({ token: "t-sso", ...user })}`;

describe("/sso-complete", () => {
  it("stores a staff session as the sign-in page does and opens the dashboard, without the fragment", async () => {
    answerDefaults();
    const { router } = renderApp(
      `/sso-complete?portal=staff${fragment({ name: "Sam Patel", email: "agent@northwind.test", role: "AGENT" })}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(router.state.location.hash).toBe("");
    expect(readAuthToken()).toBe("t-sso");
    expect(readAuthType()).toBe("admin");
    expect(readStoredUser()).toEqual({ name: "Sam Patel", email: "agent@northwind.test", role: "AGENT" });
    const back = router.history.location.href;
    expect(back).not.toContain("t-sso");
  });

  it("stores a client session as auth_type client and opens the client dashboard", async () => {
    api.on({
      "clientPortal.profile": () => ({ id: "c1", name: "Acme Dental" }),
      "clientPortal.dashboard": () => ({}),
    });
    const { router } = renderApp(
      `/sso-complete?portal=client${fragment({ name: "Dana Whitfield", email: "client@acme.test", role: "CLIENT" })}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-dashboard"));
    expect(readAuthToken()).toBe("t-sso");
    expect(readAuthType()).toBe("client");
  });

  it("opens the reports for a VIEWER", async () => {
    const { router } = renderApp(
      `/sso-complete?portal=staff${fragment({ name: "Riley Chen", email: "viewer@northwind.test", role: "VIEWER" })}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/reports"));
    expect(readAuthToken()).toBe("t-sso");
    expect(api.callsTo("auth.logout")).toHaveLength(0);
  });

  it("asks for the second factor when the fragment holds a challenge, then opens the portal", async () => {
    answerDefaults();
    api.on({
      "auth.verifySecondFactor": () => ({
        token: "t-after-code",
        user: { name: "Sam Patel", email: "agent@northwind.test", role: "AGENT" },
      }),
    });
    const { router } = renderApp("/sso-complete?portal=staff#challenge=c-123&secondFactor=totp");
    fireEvent.change(await screen.findByLabelText("Authentication code"), { target: { value: "123456" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("auth.verifySecondFactor").map((c) => c.input)).toEqual([
      { challenge: "c-123", code: "123456" },
    ]);
    expect(readAuthToken()).toBe("t-after-code");
    expect(router.history.location.href).not.toContain("c-123");
  });

  it("refuses a fragment that is not a whole session for this portal", async () => {
    const { router } = renderApp(
      `/sso-complete?portal=client${fragment({ name: "Sam Patel", email: "agent@northwind.test", role: "AGENT" })}`,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect((await screen.findByRole("alert")).textContent).toContain("The sign-in did not complete");
    expect(readAuthToken()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
  });
});
