import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { AGENT_USER, USERS } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

describe("a person's sign-in log and second factor on /users", () => {
  it("shows the attempts in words, newest first", async () => {
    answerDefaults();
    api.on({
      "users.list": () => ({ users: USERS }),
      "users.signIns": ({ id }: { id: string }) => ({
        events:
          id === AGENT_USER.id
            ? [
                {
                  id: "e2",
                  outcome: "success",
                  method: "totp",
                  ipAddress: "203.0.113.9",
                  userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Firefox/131.0",
                  createdAt: "2026-11-23T15:00:00.000Z",
                },
                {
                  id: "e1",
                  outcome: "failure",
                  method: "password",
                  ipAddress: "198.51.100.4",
                  userAgent: null,
                  createdAt: "2026-11-23T14:59:00.000Z",
                },
              ]
            : [],
      }),
    });
    signInAs("ADMIN");
    renderApp("/users");

    fireEvent.click(await screen.findByRole("button", { name: `Actions for ${AGENT_USER.name}` }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign-In Log" }));
    const table = await screen.findByRole("table", { name: `Sign-ins of ${AGENT_USER.name}` });
    const [, newest, older] = within(table).getAllByRole("row");
    expect(within(newest!).getByText("Signed in")).toBeTruthy();
    expect(within(newest!).getByText("Authenticator code")).toBeTruthy();
    expect(within(newest!).getByText("Firefox on macOS")).toBeTruthy();
    expect(within(older!).getByText("Failed")).toBeTruthy();
    expect(within(older!).getByText("Password")).toBeTruthy();
  });

  it("shows the account changes in words, with who made each", async () => {
    answerDefaults();
    api.on({
      "users.list": () => ({ users: USERS }),
      "users.signIns": () => ({ events: [] }),
      "users.accountChanges": ({ id }: { id: string }) => ({
        events:
          id === AGENT_USER.id
            ? [
                {
                  id: "c2",
                  action: "second_factor_reset_by_admin",
                  actorName: "Alex Morgan",
                  ipAddress: "203.0.113.9",
                  createdAt: "2026-11-23T15:00:00.000Z",
                },
                {
                  id: "c1",
                  action: "passkey_added",
                  actorName: null,
                  ipAddress: null,
                  createdAt: "2026-11-22T15:00:00.000Z",
                },
              ]
            : [],
      }),
    });
    signInAs("ADMIN");
    renderApp("/users");

    fireEvent.click(await screen.findByRole("button", { name: `Actions for ${AGENT_USER.name}` }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Sign-In Log" }));
    fireEvent.click(await screen.findByRole("tab", { name: "Account changes" }));
    const table = await screen.findByRole("table", { name: `Account changes of ${AGENT_USER.name}` });
    const [, newest, older] = within(table).getAllByRole("row");
    expect(within(newest!).getByText("Two-factor sign-in reset by an admin")).toBeTruthy();
    expect(within(newest!).getByText("Alex Morgan")).toBeTruthy();
    expect(within(older!).getByText("Added a passkey")).toBeTruthy();
    expect(within(older!).getByText("A deleted user")).toBeTruthy();
  });

  it("resets a person's second factor after asking", async () => {
    answerDefaults();
    api.on({ "users.list": () => ({ users: USERS }), "users.resetSecondFactor": () => ({ success: true }) });
    signInAs("ADMIN");
    renderApp("/users");

    fireEvent.click(await screen.findByRole("button", { name: `Actions for ${AGENT_USER.name}` }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Reset Two-Factor Sign-In" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reset Two-Factor Sign-In" }));
    fireEvent.click(dialog.getByRole("button", { name: "Reset" }));
    expect(await screen.findByText("Two-factor sign-in reset")).toBeTruthy();
    expect(api.callsTo("users.resetSecondFactor")[0]!.input).toEqual({ id: AGENT_USER.id });
  });
});
