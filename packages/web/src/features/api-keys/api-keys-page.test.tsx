import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const key = (id: string, name: string, extra: object = {}) => ({
  id,
  name,
  prefix: `mk_live_${id.slice(0, 8)}`,
  scopes: ["tickets:read"],
  clientId: null,
  clientName: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  createdByName: "Alex Admin",
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  ...extra,
});

function answerKeys(
  keys = [key("aaaaaaaa-1", "Monitoring"), key("bbbbbbbb-2", "Old sync", { revokedAt: "2026-11-21T10:00:00.000Z" })],
) {
  answerDefaults();
  api.on({
    "apiKeys.list": () => keys,
    "alerts.settings": () => ({ resolveOnRecovery: true, floodPerMinute: 30 }),
  });
}

describe("/settings/api-keys", () => {
  it("lists the keys with their prefix and scopes, and offers revoking only the live ones", async () => {
    answerKeys();
    signInAs("ADMIN");
    renderApp("/settings/api-keys");
    const table = await screen.findByRole("table", { name: "API keys" });
    expect(within(table).getByText("mk_live_aaaaaaaa…")).toBeTruthy();
    expect(within(table).getAllByText("Every company")).toHaveLength(2);
    expect(within(table).getByRole("button", { name: "Revoke Monitoring" })).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Revoke Old sync" })).toBeNull();
  });

  it("creates a key with the scopes checked and shows its secret once", async () => {
    answerKeys([]);
    api.on({
      "apiKeys.create": (input) => ({
        key: key("cccccccc-3", (input as { name: string }).name, { scopes: (input as { scopes: string[] }).scopes }),
        secret: "mk_live_cccccccc3secretsecretsecretsecre",
      }),
    });
    signInAs("ADMIN");
    renderApp("/settings/api-keys");
    fireEvent.click(await screen.findByRole("button", { name: "Create API key" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: "Uptime Kuma" } });
    fireEvent.click(within(dialog).getByLabelText(/^alerts:write/));
    fireEvent.click(within(dialog).getByRole("button", { name: "Create key" }));
    expect(await screen.findByText("mk_live_cccccccc3secretsecretsecretsecre")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy key" })).toBeTruthy();
    expect(api.callsTo("apiKeys.create")[0]!.input).toEqual({
      name: "Uptime Kuma",
      scopes: ["alerts:write"],
      clientId: null,
      expiresAt: null,
    });
  });

  it("revokes a key after asking", async () => {
    answerKeys();
    api.on({ "apiKeys.revoke": () => key("aaaaaaaa-1", "Monitoring", { revokedAt: "2026-11-28T10:00:00.000Z" }) });
    signInAs("ADMIN");
    renderApp("/settings/api-keys");
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Monitoring" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke API key" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await waitFor(() => expect(api.callsTo("apiKeys.revoke")[0]?.input).toEqual({ id: "aaaaaaaa-1" }));
  });
});

describe("the way there", () => {
  it("is a link of the ADMIN's account page, under Integrations and automation", async () => {
    answerKeys();
    api.on({ "account.sessions": () => ({ sessions: [] }) });
    signInAs("ADMIN");
    renderApp("/account");
    const group = await screen.findByRole("navigation", { name: "Integrations and automation" });
    fireEvent.click(within(group).getByRole("link", { name: "API keys" }));
    expect(await screen.findByRole("table", { name: "API keys" })).toBeTruthy();
  });

  it("is not offered to an AGENT", async () => {
    answerDefaults();
    api.on({ "account.sessions": () => ({ sessions: [] }) });
    signInAs("AGENT");
    renderApp("/account");
    await screen.findByText("My timesheet");
    expect(screen.queryByRole("navigation", { name: "Integrations and automation" })).toBeNull();
  });
});
