import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { acmeProfile, clientTicketLists } from "../../test/client-fixtures";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";

const api = setupFakeApi();

const incident = {
  id: "0190f3a2-aaaa-7bbb-8ccc-1234abcd9001",
  title: "Microsoft 365 mail delayed",
  status: "IDENTIFIED",
  impact: "major",
  isPublic: false,
  scheduledFor: null,
  scheduledUntil: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  updatedAt: "2026-11-20T15:00:00.000Z",
  resolvedAt: null,
  services: [{ id: "s1", name: "Microsoft 365" }],
  clientIds: [],
  ticketIds: [],
  updates: [
    { id: "u2", status: "IDENTIFIED", message: "Microsoft found the cause.", createdAt: "2026-11-20T15:00:00.000Z" },
    { id: "u1", status: "INVESTIGATING", message: "Inbound mail is delayed.", createdAt: "2026-11-20T14:00:00.000Z" },
  ],
};
const services = [
  { id: "s1", name: "Microsoft 365", description: "", clientIds: [], impact: "major" },
  { id: "s2", name: "Backups", description: "", clientIds: [], impact: "none" },
];

describe("incidents in the client portal", () => {
  it("the dashboard shows a banner while an incident affects the company, leading to the status view", async () => {
    api.on({
      "clientPortal.profile": () => acmeProfile,
      ...clientTicketLists([]),
      "incidents.list": () => [incident],
      "incidents.services": () => services,
    });
    signInAs("CLIENT", "Dana Whitfield");
    const view = renderApp("/client-dashboard");
    const banner = await screen.findByTestId("incident-banner");
    expect(banner.textContent).toContain("Microsoft 365 mail delayed");
    expect(api.callsTo("incidents.list")[0]!.input).toEqual({ open: "true" });
    fireEvent.click(within(banner).getByRole("link", { name: "See your service status" }));

    const table = await screen.findByRole("table");
    expect(view.router.state.location.pathname).toBe("/client/status");
    expect(within(table).getByRole("row", { name: /Microsoft 365 Partial outage/ })).toBeTruthy();
    expect(within(table).getByRole("row", { name: /Backups Operational/ })).toBeTruthy();
    const article = screen.getByRole("article");
    expect(within(article).getByText("Microsoft 365 mail delayed")).toBeTruthy();
    expect(article.textContent).toContain("Microsoft found the cause.");
  });

  it("shows no banner while nothing affects the company", async () => {
    api.on({ "clientPortal.profile": () => acmeProfile, ...clientTicketLists([]), "incidents.list": () => [] });
    signInAs("CLIENT", "Dana Whitfield");
    renderApp("/client-dashboard");
    await screen.findByTestId("company-badge");
    expect(screen.queryByTestId("incident-banner")).toBeNull();
  });
});
