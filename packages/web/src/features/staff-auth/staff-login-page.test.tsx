import { fireEvent, screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { readAuthToken, readAuthType, readStoredUser } from "../../lib/auth-storage";
import { FakeApiError, failsWith, needsSecondFactor } from "../../test/fake-api";
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

  it("asks for the authenticator's code when sign-in answers 401 SECOND_FACTOR_REQUIRED, then signs in", async () => {
    let tries = 0;
    api.on({
      "auth.login": needsSecondFactor("chal-1", "totp"),
      "auth.verifySecondFactor": () => {
        if (++tries === 1) throw new FakeApiError("UNAUTHORIZED", "Invalid authentication code");
        return { token: "t-2fa", user: { name: "Alex Morgan", email: "admin@northwind.test", role: "ADMIN" } };
      },
    });
    answerDefaults();
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("admin@northwind.test", "demo-password");

    const code = await screen.findByLabelText("Authentication code");
    expect(readAuthToken()).toBeNull();
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    expect(await screen.findByText("Invalid authentication code")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Use a recovery code" }));
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: "abcde-fghij" } });
    fireEvent.click(screen.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("auth.verifySecondFactor").map((c) => c.input)).toEqual([
      { challenge: "chal-1", code: "000000" },
      { challenge: "chal-1", code: "abcde-fghij" },
    ]);
    expect(readAuthToken()).toBe("t-2fa");
  });

  it("sets up a required second factor during the sign-in, shows the recovery codes, then opens the dashboard", async () => {
    api.on({
      "auth.login": needsSecondFactor("chal-2", "enrol"),
      "auth.startEnrolment": () => ({ secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: "<svg></svg>" }),
      "auth.confirmEnrolment": () => ({
        token: "t-enrolled",
        user: { name: "Alex Morgan", email: "admin@northwind.test", role: "ADMIN" },
        recoveryCodes: ["abcde-fghij"],
      }),
    });
    answerDefaults();
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("admin@northwind.test", "demo-password");

    expect(await screen.findByText("JBSWY3DPEHPK3PXP")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Code from the app"), { target: { value: "654321" } });
    fireEvent.click(screen.getByRole("button", { name: "Turn on and sign in" }));
    expect(await screen.findByText("abcde-fghij")).toBeTruthy();
    expect(readAuthToken()).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(api.callsTo("auth.confirmEnrolment")[0]!.input).toEqual({ challenge: "chal-2", code: "654321" });
    expect(readAuthToken()).toBe("t-enrolled");
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

  it("lets a VIEWER in to the reports, its landing page", async () => {
    api.on({
      "auth.login": () => ({
        token: "t-viewer",
        user: { name: "Vic", email: "viewer@northwind.test", role: "VIEWER" },
      }),
    });
    const { router } = renderApp("/admin");
    await screen.findByRole("heading", { name: "Northwind IT Admin Portal" });
    submitSignIn("viewer@northwind.test", "demo-password");

    await waitFor(() => expect(router.state.location.pathname).toBe("/reports"));
    expect(readAuthToken()).toBe("t-viewer");
    expect(api.callsTo("auth.logout")).toHaveLength(0);
  });
});
