// Sign-in returns a person to the page they asked for, never to another site.
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { readAuthToken } from "./auth-storage";
import { setupFakeApi } from "../test/fake-api";
import { renderApp } from "../test/render-app";
import { submitSignIn } from "../test/sign-in-form";
import { signInAs } from "../test/sessions";
import { safeReturnPath } from "./return-path";

const api = setupFakeApi();

const acme = { name: "Dana Whitfield", email: "client@acme.test", role: "CLIENT" };

describe("the page a sign-in returns to", () => {
  it("follows paths of this site only", () => {
    expect(safeReturnPath("/client/inventory?status=SPARE")).toBe("/client/inventory?status=SPARE");
    for (const foreign of ["//evil.example/x", "/\\evil.example", "https://evil.example", "javascript:alert(1)", 42])
      expect(safeReturnPath(foreign)).toBeUndefined();
  });

  it("sends a client from a deep link to sign in, then back to that page", async () => {
    api.on({
      "auth.logout": () => ({ success: true }),
      "auth.clientLogin": () => ({ token: "t-deep", user: acme }),
    });
    const { router } = renderApp("/client/inventory");
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-auth"));
    expect(router.state.location.search).toEqual({ redirect: "/client/inventory" });

    await screen.findByRole("heading", { name: "Client Login" });
    submitSignIn("client@acme.test", "demo-password");
    await waitFor(() => expect(readAuthToken()).toBe("t-deep"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/client/inventory"));
  });

  it("keeps the spec's redirect from /client-auth when already signed in, to the asked page if any", async () => {
    signInAs("CLIENT");
    const { router } = renderApp("/client-auth?redirect=%2Fclient%2Finventory");
    await waitFor(() => expect(router.state.location.pathname).toBe("/client/inventory"));
  });

  it("ignores a foreign address and opens the dashboard", async () => {
    signInAs("CLIENT");
    const { router } = renderApp("/client-auth?redirect=%2F%2Fevil.example");
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-dashboard"));
  });

  it("sends staff from a ticket's address to /admin and back to the ticket", async () => {
    const { router } = renderApp("/tickets/0190abcd-0000-7000-8000-000000000001");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(router.state.location.search).toEqual({ redirect: "/tickets/0190abcd-0000-7000-8000-000000000001" });
  });

  it("keeps /admin plain for the staff landing page", async () => {
    const { router } = renderApp("/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin"));
    expect(router.state.location.search).toEqual({});
  });
});
