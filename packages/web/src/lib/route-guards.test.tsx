import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../test/render-app";
import { signInAs } from "../test/sessions";
import { STORAGE_KEYS } from "./auth-storage";

/** The heading each sign-in screen shows, to know that the screen rendered. */
const SIGN_IN_HEADINGS = { "/admin": "Northwind IT Admin Portal", "/client-auth": "Client Login" } as const;

/** Opens `path` and expects the screen headed `heading`, at `landing` (by default `path` itself). */
async function expectScreen(path: string, heading: string, landing = path) {
  const { router } = renderApp(path);

  expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
  expect(router.state.location.pathname).toBe(landing);
}

/** Opens `path` and expects to land on the sign-in screen `signIn`, rendered. */
function expectSentToSignIn(path: string, signIn: keyof typeof SIGN_IN_HEADINGS) {
  return expectScreen(path, SIGN_IN_HEADINGS[signIn], signIn);
}

describe("portal routes without a session", () => {
  it.each([
    ["/dashboard", "/admin"],
    ["/inventory", "/admin"],
    ["/tickets/new", "/admin"],
    ["/tickets/0190f3a2-aaaa-bbbb-cccc-1234abcd5678", "/admin"],
    ["/client", "/client-auth"],
    ["/client-dashboard", "/client-auth"],
    ["/client/inventory", "/client-auth"],
    ["/client/tickets/abc", "/client-auth"],
  ] as const)("send a visitor from %s to %s", (path, signIn) => expectSentToSignIn(path, signIn));
});

describe("staff-only routes", () => {
  it("let an ADMIN through to the dashboard", async () => {
    signInAs("ADMIN");
    await expectScreen("/dashboard", "Dashboard");
  });

  it("let an AGENT through, and treat the id new as the create screen", async () => {
    signInAs("AGENT");
    renderApp("/tickets/new");

    expect(await screen.findByRole("heading", { name: "New Ticket" })).toBeTruthy();
  });

  it("show an existing ticket by the last 8 characters of its id", async () => {
    signInAs("ADMIN");
    renderApp("/tickets/0190f3a2-aaaa-bbbb-cccc-1234abcd5678");

    expect(await screen.findByRole("heading", { name: "Ticket #abcd5678" })).toBeTruthy();
  });

  it("send a CLIENT session to /admin", async () => {
    signInAs("CLIENT");
    await expectSentToSignIn("/dashboard", "/admin");
  });

  it.each(["/dashboard", "/inventory", "/tickets/new"])(
    "send a VIEWER from %s to the reports it reads",
    async (path) => {
      signInAs("VIEWER");
      await expectScreen(path, "Reports", "/reports");
    },
  );

  it("send a stored ADMIN user without a token to /admin", async () => {
    signInAs("ADMIN");
    window.localStorage.removeItem(STORAGE_KEYS.token);
    await expectSentToSignIn("/inventory", "/admin");
  });
});

describe("client-only routes", () => {
  it("send a staff session to /client-auth", async () => {
    signInAs("ADMIN");
    await expectSentToSignIn("/client-dashboard", "/client-auth");
  });

  it.each(["/client", "/client-dashboard"])("let a CLIENT through to the dashboard at %s", async (path) => {
    signInAs("CLIENT", "Grace Hopper");
    await expectScreen(path, "Welcome, Grace Hopper");
  });

  it("send a signed-in CLIENT from the login page to the dashboard", async () => {
    signInAs("CLIENT", "Grace Hopper");
    await expectScreen("/client-auth", "Welcome, Grace Hopper", "/client-dashboard");
  });
});
