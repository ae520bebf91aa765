import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api } = setupStaffTest();

function enquiry(n: number, overrides: Record<string, unknown> = {}) {
  return {
    id: `e${n}`,
    firstName: "Ann",
    lastName: `Lee ${n}`,
    email: `ann${n}@example.test`,
    company: null,
    service: null,
    message: null,
    ref: null,
    handledAt: null,
    createdAt: "2026-11-20T14:00:00.000Z",
    ...overrides,
  };
}

describe("Enquiries (/enquiries)", () => {
  it("shows each enquiry with its service, origin and message, and the quote clicks per service", async () => {
    api.on({
      "contact.enquiries": () => ({
        enquiries: [
          enquiry(1, {
            company: "Cedar Dental",
            service: "cloud-migration-lite",
            ref: "homepage",
            message: "Moving 12 mailboxes.",
          }),
        ],
        total: 1,
        page: 1,
        pageSize: 20,
      }),
      "metrics.cta": () => ({ totals: [{ service: "email-deliverability", count: 7 }], days: [] }),
    });
    signInAs("AGENT");
    renderApp("/enquiries");

    const card = within(await screen.findByRole("article", { name: "Ann Lee 1" }));
    expect(card.getByText("Cloud Migration Lite")).toBeTruthy();
    expect(card.getByText("from homepage")).toBeTruthy();
    expect(card.getByText("Moving 12 mailboxes.")).toBeTruthy();
    expect(card.getByRole("link", { name: "ann1@example.test" }).getAttribute("href")).toBe("mailto:ann1@example.test");
    expect(await screen.findByText("7")).toBeTruthy();
    expect(api.callsTo("metrics.cta")[0]!.input).toEqual({ range: "30d" });
  });

  it("pages 20 at a time and says when there are none", async () => {
    api.on({
      "contact.enquiries": ({ page }: { page: number }) => ({
        enquiries: page === 1 ? Array.from({ length: 20 }, (_, i) => enquiry(i + 1)) : [enquiry(21)],
        total: 21,
        page,
        pageSize: 20,
      }),
      "metrics.cta": () => ({ totals: [], days: [] }),
    });
    signInAs("AGENT");
    renderApp("/enquiries");
    await screen.findByRole("article", { name: "Ann Lee 1" });
    expect(screen.getByText("No clicks yet.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "2" }));
    expect(await screen.findByRole("article", { name: "Ann Lee 21" })).toBeTruthy();
    expect(api.callsTo("contact.enquiries").at(-1)!.input).toEqual({ page: 2, pageSize: 20 });
  });
});
