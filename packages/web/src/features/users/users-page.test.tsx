import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { writeSession } from "../../lib/auth-storage";
import { FakeApiError, failsWith } from "../../test/fake-api";
import { MENU_FOCUS_TRAP, quietExpected } from "../../test/quiet-console";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { ACME, ADMIN_USER, AGENT_USER, CLIENT_USER, COMPANIES, USERS } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
// Each person's actions are a Mantine menu.
beforeEach(() => quietExpected(MENU_FOCUS_TRAP));

/** The server's users pages, `size` users a page, searched by name or email as the server does. */
function serveUsers(size = 50) {
  api.on({
    "users.page": ({ q, cursor }: { q?: string; cursor?: string }) => {
      const found = USERS.filter((u) => !q || `${u.name} ${u.email}`.toLowerCase().includes(q.toLowerCase()));
      const start = cursor ? found.findIndex((u) => u.id === cursor) + 1 : 0;
      const users = found.slice(start, start + size);
      const nextCursor = start + size < found.length ? users.at(-1)!.id : null;
      return { users, nextCursor, matching: found.length };
    },
  });
}

async function openUsers(pageSize?: number) {
  serveUsers(pageSize);
  api.on({ "clients.list": () => ({ clients: COMPANIES }) });
  // Signed in as the listed admin, so "you" is recognised by email.
  writeSession({
    token: "token-admin",
    user: { name: ADMIN_USER.name, email: ADMIN_USER.email, role: "ADMIN" },
    authType: "admin",
  });
  const view = renderApp("/users");
  await screen.findByRole("heading", { name: "Users", level: 1 });
  await screen.findByText(AGENT_USER.email);
  return view;
}

const row = (email: string) => within(document.querySelector(`[data-user-email="${email}"]`) as HTMLElement);

async function manage(user: { name: string }, action: string) {
  fireEvent.click(screen.getByRole("button", { name: `Actions for ${user.name}` }));
  fireEvent.click(await screen.findByRole("menuitem", { name: action }));
}

describe("Users screen (/users)", () => {
  it("is for administrators only", async () => {
    signInAs("AGENT");
    answerDefaults();
    const { router } = renderApp("/users");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("lists everyone with role, company and status, and marks the signed-in admin", async () => {
    await openUsers();
    expect(row(CLIENT_USER.email).getByText(ACME.name)).toBeTruthy();
    expect(row(CLIENT_USER.email).getByText("CLIENT")).toBeTruthy();
    expect(row(AGENT_USER.email).getByText("Active")).toBeTruthy();
    expect(row(ADMIN_USER.email).getByText("(you)")).toBeTruthy();
  });

  it("searches on the server and shows the users a page at a time", async () => {
    await openUsers(2);
    expect(document.querySelectorAll("[data-user-email]")).toHaveLength(2);
    fireEvent.click(screen.getByRole("button", { name: `Show more users (2 of ${USERS.length} shown)` }));
    await waitFor(() => expect(document.querySelectorAll("[data-user-email]")).toHaveLength(Math.min(4, USERS.length)));
    expect(api.callsTo("users.page").at(-1)!.input).toMatchObject({ cursor: USERS[1]!.id });

    fireEvent.change(screen.getByLabelText("Search"), { target: { value: ` ${CLIENT_USER.email.toUpperCase()} ` } });
    await waitFor(() => expect(document.querySelectorAll("[data-user-email]")).toHaveLength(1));
    expect(row(CLIENT_USER.email).getByText(ACME.name)).toBeTruthy();
    expect(api.callsTo("users.page").at(-1)!.input).toMatchObject({ q: CLIENT_USER.email.toUpperCase() });
    fireEvent.change(screen.getByLabelText("Search"), { target: { value: "nobody-at-all" } });
    expect(await screen.findByText("No users match.")).toBeTruthy();
  });

  it("invites by default: no password asked, and one call to users.invite", async () => {
    await openUsers();
    api.on({
      "users.invite": (input) => ({ ...AGENT_USER, ...input, id: "u-new", invitationPending: true }),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add User" }));
    expect((dialog.getByRole("radio", { name: /Send an invitation/ }) as HTMLInputElement).checked).toBe(true);
    expect(dialog.queryByLabelText(/^Password/)).toBeNull();
    fireEvent.click(dialog.getByRole("button", { name: "Send Invitation" }));
    expect(await dialog.findByText("Name is required")).toBeTruthy();
    expect(api.callsTo("users.invite")).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Nora Quill" } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: "nora@northwind.test" } });
    fireEvent.click(dialog.getByRole("button", { name: "Send Invitation" }));
    await api.expectSaved("Invitation sent", "users.invite", {
      name: "Nora Quill",
      email: "nora@northwind.test",
      role: "AGENT",
    });
    expect(api.callsTo("auth.register")).toHaveLength(0);
  });

  it("shows Invited and resends an invitation from the person's actions", async () => {
    const invited = { ...AGENT_USER, invitationPending: true };
    api.on({
      "users.page": () => ({ users: [ADMIN_USER, invited], nextCursor: null, matching: 2 }),
      "clients.list": () => ({ clients: COMPANIES }),
      "users.resendInvitation": () => invited,
    });
    writeSession({
      token: "token-admin",
      user: { name: ADMIN_USER.name, email: ADMIN_USER.email, role: "ADMIN" },
      authType: "admin",
    });
    renderApp("/users");
    await screen.findByText(AGENT_USER.email);
    expect(row(AGENT_USER.email).getByText("Invited")).toBeTruthy();
    await manage(AGENT_USER, "Resend Invitation");
    await api.expectSaved("Invitation sent again", "users.resendInvitation", { id: AGENT_USER.id });
  });

  it("creates a client user through register, asking for the company only for CLIENT", async () => {
    await openUsers();
    api.on({ "auth.register": (input) => ({ id: "u-new", clientId: input.clientId ?? null, ...input }) });
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add User" }));
    fireEvent.click(dialog.getByRole("radio", { name: "Set a password" }));
    expect(dialog.queryByRole("combobox", { name: "Company" })).toBeNull();

    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Priya Nair" } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: "priya@acme.test" } });
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: "short" } });
    fireEvent.click(dialog.getByRole("combobox", { name: "Role" }));
    fireEvent.click(screen.getByRole("option", { name: /^Client:/, hidden: true }));
    fireEvent.click(dialog.getByRole("button", { name: "Create User" }));
    expect(await dialog.findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(dialog.getByText("A client user needs a company")).toBeTruthy();
    expect(api.callsTo("auth.register")).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: "long-enough-1" } });
    fireEvent.click(dialog.getByRole("combobox", { name: "Company" }));
    fireEvent.click(
      within(screen.getByRole("listbox", { name: "Company", hidden: true })).getByRole("option", {
        name: ACME.name,
        hidden: true,
      }),
    );
    fireEvent.click(dialog.getByRole("button", { name: "Create User" }));

    await api.expectSaved("User created", "auth.register", {
      name: "Priya Nair",
      email: "priya@acme.test",
      password: "long-enough-1",
      role: "CLIENT",
      clientId: ACME.id,
    });
  });

  it("shows the server's refusal of a duplicate email", async () => {
    await openUsers();
    api.on({
      "auth.register": failsWith("CONFLICT", "A user with this email already exists"),
    });
    fireEvent.click(screen.getByRole("button", { name: "Add User" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Add User" }));
    fireEvent.click(dialog.getByRole("radio", { name: "Set a password" }));
    fireEvent.change(dialog.getByLabelText(/^Name/), { target: { value: "Sam Again" } });
    fireEvent.change(dialog.getByLabelText(/^Email/), { target: { value: AGENT_USER.email } });
    fireEvent.change(dialog.getByLabelText(/^Password/), { target: { value: "long-enough-1" } });
    fireEvent.click(dialog.getByRole("button", { name: "Create User" }));

    expect(await screen.findByText("Registration failed")).toBeTruthy();
    expect(screen.getByText("A user with this email already exists")).toBeTruthy();
  });

  it("changes a role, saying the person's sessions end", async () => {
    await openUsers();
    api.on({ "users.update": ({ id, ...patch }) => ({ ...AGENT_USER, ...patch, id }) });
    await manage(AGENT_USER, "Change Role");
    const dialog = within(await screen.findByRole("dialog", { name: `Change role: ${AGENT_USER.name}` }));
    expect(dialog.getByText(/signs Sam Patel out everywhere/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("combobox", { name: "Role" }));
    fireEvent.click(screen.getByRole("option", { name: /^Viewer:/, hidden: true }));
    fireEvent.click(dialog.getByRole("button", { name: "Change Role" }));

    await api.expectSaved("Role changed", "users.update", { id: AGENT_USER.id, role: "VIEWER" });
  });

  it("keeps a role choice aside when someone else changed the user meanwhile, to re-apply", async () => {
    await openUsers();
    const theirs = { ...AGENT_USER, role: "ADMIN" as const, version: 5 };
    let calls = 0;
    api.on({
      "users.update": ({ id, ...patch }) => {
        calls += 1;
        if (calls === 1) throw new FakeApiError("CONFLICT", "This user was changed elsewhere", { current: theirs });
        return { ...theirs, ...patch, id };
      },
    });
    await manage(AGENT_USER, "Change Role");
    const dialog = within(await screen.findByRole("dialog", { name: `Change role: ${AGENT_USER.name}` }));
    fireEvent.click(dialog.getByRole("combobox", { name: "Role" }));
    fireEvent.click(screen.getByRole("option", { name: /^Viewer:/, hidden: true }));
    fireEvent.click(dialog.getByRole("button", { name: "Change Role" }));

    expect(await dialog.findByText("Someone else saved this user while you were editing it.")).toBeTruthy();
    expect(dialog.getByText("Role: VIEWER")).toBeTruthy();
    expect((dialog.getByRole("button", { name: "Change Role" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(dialog.getByRole("button", { name: "Re-apply my changes" }));
    fireEvent.click(dialog.getByRole("button", { name: "Change Role" }));

    expect(await screen.findByText("Role changed")).toBeTruthy();
    expect(api.callsTo("users.update").map((c) => c.input)).toEqual([
      { id: AGENT_USER.id, role: "VIEWER" },
      { id: AGENT_USER.id, role: "VIEWER", version: 5 },
    ]);
  });

  it("deactivates after asking, and never offers it for one's own account", async () => {
    await openUsers();
    api.on({ "users.update": ({ id, ...patch }) => ({ ...AGENT_USER, ...patch, id }) });

    fireEvent.click(screen.getByRole("button", { name: `Actions for ${ADMIN_USER.name}` }));
    const own = await screen.findByRole("menuitem", { name: "Deactivate" });
    expect(own.hasAttribute("disabled") || own.getAttribute("data-disabled") === "true").toBe(true);
    fireEvent.keyDown(own, { key: "Escape" });

    await manage(AGENT_USER, "Deactivate");
    const dialog = within(await screen.findByRole("dialog", { name: "Deactivate User" }));
    expect(dialog.getByText(/will be signed out everywhere and can no longer sign in/)).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Deactivate" }));

    await api.expectSaved("User deactivated", "users.update", { id: AGENT_USER.id, active: false });
  });

  it("resets a password with the minimum length checked first", async () => {
    await openUsers();
    api.on({ "users.resetPassword": () => ({ success: true, removed: { passkeys: 0, authenticatorApp: false } }) });
    await manage(CLIENT_USER, "Reset Password");
    const dialog = within(await screen.findByRole("dialog", { name: `Reset password: ${CLIENT_USER.name}` }));
    fireEvent.change(dialog.getByLabelText(/^New password/), { target: { value: "1234" } });
    fireEvent.click(dialog.getByRole("button", { name: "Set Password" }));
    expect(await dialog.findByText("Password must be at least 8 characters")).toBeTruthy();

    fireEvent.change(dialog.getByLabelText(/^New password/), { target: { value: "a-new-secret" } });
    fireEvent.click(dialog.getByRole("button", { name: "Set Password" }));
    await api.expectSaved("Password reset", "users.resetPassword", {
      id: CLIENT_USER.id,
      password: "a-new-secret",
      removeFactors: true,
    });
  });

  it("removes passkeys and second factors with the password unless unticked, and says what went", async () => {
    await openUsers();
    api.on({ "users.resetPassword": () => ({ success: true, removed: { passkeys: 2, authenticatorApp: true } }) });
    await manage(CLIENT_USER, "Reset Password");
    const dialog = within(await screen.findByRole("dialog", { name: `Reset password: ${CLIENT_USER.name}` }));
    const removeFactors = dialog.getByLabelText("Also remove passkeys and second factors") as HTMLInputElement;
    expect(removeFactors.checked).toBe(true);
    fireEvent.change(dialog.getByLabelText(/^New password/), { target: { value: "a-new-secret" } });
    fireEvent.click(dialog.getByRole("button", { name: "Set Password" }));
    expect(await screen.findByText(/Removed 2 passkeys and the authenticator app\./)).toBeTruthy();
  });

  it("keeps passkeys and second factors when the admin unticks it", async () => {
    await openUsers();
    api.on({ "users.resetPassword": () => ({ success: true, removed: { passkeys: 0, authenticatorApp: false } }) });
    await manage(CLIENT_USER, "Reset Password");
    const dialog = within(await screen.findByRole("dialog", { name: `Reset password: ${CLIENT_USER.name}` }));
    fireEvent.click(dialog.getByLabelText("Also remove passkeys and second factors"));
    fireEvent.change(dialog.getByLabelText(/^New password/), { target: { value: "a-new-secret" } });
    fireEvent.click(dialog.getByRole("button", { name: "Set Password" }));
    await api.expectSaved("Password reset", "users.resetPassword", {
      id: CLIENT_USER.id,
      password: "a-new-secret",
      removeFactors: false,
    });
  });
});
