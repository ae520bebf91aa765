import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { readAuthToken, readAuthType, readStoredUser } from "../../lib/auth-storage";
import { failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { expectMalformedSignInRefused, submitSignIn } from "../../test/sign-in-form";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

describe("staff sign-in (/admin)", () => {
  it("shows the admin portal title and the staff-only subtitle", async () => {
    renderApp("/admin");
    expect(await screen.findByRole("heading", { name: "Northwind IT Admin Portal" })).toBeTruthy();
    expect(screen.getByText("Administrator and agent access only")).toBeTruthy();
  });

  it("checks the form with the staff messages before calling anyone", async () => {
    renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    await expectMalformedSignInRefused("Please enter a valid email address");
    expect(api.callsTo("auth.login")).toHaveLength(0);
  });

  it("stores the session as auth_type admin, welcomes the person and opens the dashboard", async () => {
    api.on({
      "auth.login": () => ({
        token: "t-admin",
        user: { name: "Alex Morgan", email: "admin@northwind.test", role: "ADMIN" },
      }),
    });
    answerDefaults();
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("admin@northwind.test", "demo-password");

    expect(await screen.findByText("Login successful")).toBeTruthy();
    expect(screen.getByText("Welcome back, Alex Morgan!")).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("auth.login")[0]!.input).toEqual({ email: "admin@northwind.test", password: "demo-password" });
    expect(readAuthToken()).toBe("t-admin");
    expect(readAuthType()).toBe("admin");
    expect(readStoredUser()).toEqual({ name: "Alex Morgan", email: "admin@northwind.test", role: "ADMIN" });
  });

  it("says Login failed with the server's error", async () => {
    api.on({
      "auth.login": failsWith("TOO_MANY_REQUESTS", "Too many failed sign-in attempts. Please wait and try again."),
    });
    renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("admin@northwind.test", "wrong");

    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getByText("Too many failed sign-in attempts. Please wait and try again.")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
  });

  it("falls back to Invalid email or password when the server gave no message", async () => {
    // The network fails: there is no word from the server, so the fallback shows.
    api.server.use(http.all("*/trpc/auth.login", () => HttpResponse.error()));
    renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("admin@northwind.test", "wrong");

    expect(await screen.findByText("Login failed")).toBeTruthy();
    expect(screen.getByText("Invalid email or password")).toBeTruthy();
  });

  it("tells a VIEWER the portal needs an admin or agent account, stores nothing and ends the session", async () => {
    api.on({
      "auth.login": () => ({
        token: "t-viewer",
        user: { name: "Vic", email: "viewer@northwind.test", role: "VIEWER" },
      }),
      "auth.logout": () => ({ success: true }),
    });
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("viewer@northwind.test", "demo-password");

    expect(await screen.findByText(/needs an administrator or agent account/)).toBeTruthy();
    await waitFor(() => expect(api.callsTo("auth.logout")).toHaveLength(1));
    expect(readAuthToken()).toBeNull();
    expect(router.state.location.pathname).toBe("/admin");
  });
});
