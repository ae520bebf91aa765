import { fireEvent, screen, within } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { CHECK_INBOX } from "./status-subscribe.island";

const api = setupFakeApi();

const summary = {
  components: [
    { id: "s1", name: "Microsoft 365", status: "partial_outage", description: null },
    { id: "s2", name: "Backups", status: "operational", description: "Nightly backups" },
  ],
  status: { indicator: "major", description: "Partial System Outage" },
};
const history = {
  incidents: [
    {
      id: "i1",
      name: "Mail delayed",
      status: "identified",
      impact: "major",
      created_at: "2026-11-20T14:00:00.000Z",
      resolved_at: null,
      scheduled_for: null,
      scheduled_until: null,
      incident_updates: [
        { id: "u1", status: "identified", body: "Microsoft found the cause.", created_at: "2026-11-20T15:00:00.000Z" },
      ],
    },
  ],
};

function serveStatus(answer: "ok" | "fail") {
  api.server.use(
    http.get("*/status/api/v2/summary.json", () =>
      answer === "ok" ? HttpResponse.json(summary) : HttpResponse.json({ error: "down" }, { status: 500 }),
    ),
    http.get("*/status/api/v2/incidents.json", () => HttpResponse.json(history)),
  );
}

describe("the public status page", () => {
  it("shows each service's state and the incidents with their updates, and links the feed and JSON", async () => {
    serveStatus("ok");
    renderApp("/status");
    expect(await screen.findByText("Partial System Outage")).toBeTruthy();
    const services = screen.getByRole("region", { name: "Services" });
    expect(within(services).getByText("Microsoft 365").closest("li")?.textContent).toContain("Partial outage");
    expect(within(services).getByText("Backups").closest("li")?.textContent).toContain("Operational");
    const incident = screen.getByRole("article");
    expect(incident.id).toBe("incident-i1");
    expect(incident.textContent).toContain("Mail delayed");
    expect(incident.textContent).toContain("Identified");
    expect(incident.textContent).toContain("Microsoft found the cause.");
    expect(screen.getByRole("link", { name: "Atom feed" }).getAttribute("href")).toBe("/status/history.atom");
    expect(screen.getByRole("link", { name: "Summary (JSON)" }).getAttribute("href")).toBe(
      "/status/api/v2/summary.json",
    );
  });

  it("says so when the status cannot be loaded", async () => {
    serveStatus("fail");
    renderApp("/status");
    expect(await screen.findByText("Could not load the service status")).toBeTruthy();
  });

  it("says check your inbox whatever the subscription call answers", async () => {
    serveStatus("ok");
    const sent: unknown[] = [];
    api.server.use(
      http.post("*/api/status/subscriptions", async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ error: "Too many requests" }, { status: 429 });
      }),
    );
    renderApp("/status");
    fireEvent.change(await screen.findByRole("textbox", { name: "Email" }), {
      target: { value: "watcher@example.test" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));
    expect(await screen.findByText(CHECK_INBOX)).toBeTruthy();
    expect(sent).toEqual([{ email: "watcher@example.test" }]);
  });
});
