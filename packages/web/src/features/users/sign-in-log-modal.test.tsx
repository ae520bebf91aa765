import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { MENU_FOCUS_TRAP, quietExpected } from "../../test/quiet-console";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { AGENT_USER } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";
import { expectRowSays, tableRows } from "../../test/table-rows";

const { api, answerDefaults } = setupStaffTest();

/** Answers a log of one person: these events for the agent, none for anyone else. */
const agentLog =
  (events: object[]) =>
  ({ id }: { id: string }) => ({ events: id === AGENT_USER.id ? events : [] });

/** Signs in as an admin, opens /users and picks `item` from the agent's Actions menu. */
async function chooseForAgent(item: string) {
  signInAs("ADMIN");
  renderApp("/users");
  fireEvent.click(await screen.findByRole("button", { name: `Actions for ${AGENT_USER.name}` }));
  fireEvent.click(await screen.findByRole("menuitem", { name: item }));
}

// The log opens from a row's menu: see quiet-console.ts.
beforeEach(() => quietExpected(MENU_FOCUS_TRAP));

describe("a person's sign-in log and second factor on /users", () => {
  it("shows the attempts in words, newest first", async () => {
    answerDefaults();
    api.on({
      "users.signIns": agentLog([
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
      ]),
    });
    await chooseForAgent("Sign-In Log");
    const [newest, older] = await tableRows(`Sign-ins of ${AGENT_USER.name}`);
    expectRowSays(newest, "Signed in", "Authenticator code", "Firefox on macOS");
    expectRowSays(older, "Failed", "Password");
  });

  it("shows the account changes in words, with who made each", async () => {
    answerDefaults();
    api.on({
      "users.signIns": () => ({ events: [] }),
      "users.accountChanges": agentLog([
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
      ]),
    });
    await chooseForAgent("Sign-In Log");
    fireEvent.click(await screen.findByRole("tab", { name: "Account changes" }));
    const [newest, older] = await tableRows(`Account changes of ${AGENT_USER.name}`);
    expectRowSays(newest, "Two-factor sign-in reset by an admin", "Alex Morgan");
    expectRowSays(older, "Added a passkey", "A deleted user");
  });

  it("resets a person's second factor after asking", async () => {
    answerDefaults();
    api.on({ "users.resetSecondFactor": () => ({ success: true }) });
    await chooseForAgent("Reset Two-Factor Sign-In");
    const dialog = within(await screen.findByRole("dialog", { name: "Reset Two-Factor Sign-In" }));
    fireEvent.click(dialog.getByRole("button", { name: "Reset" }));
    expect(await screen.findByText("Two-factor sign-in reset")).toBeTruthy();
    expect(api.callsTo("users.resetSecondFactor")[0]!.input).toEqual({ id: AGENT_USER.id });
  });
});
