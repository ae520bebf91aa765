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
      "contact.enquiryPage": () => ({
        enquiries: [
          enquiry(1, {
            company: "Cedar Dental",
            service: "cloud-migration-lite",
            ref: "homepage",
            message: "Moving 12 mailboxes.",
          }),
        ],
        total: 1,
        nextCursor: null,
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

  it("shows 20 at a time, the next 20 after the last one shown", async () => {
    const first = Array.from({ length: 20 }, (_, i) => enquiry(i + 1));
    api.on({
      "contact.enquiryPage": ({ cursor }: { cursor?: string }) =>
        cursor === first[19]!.id
          ? { enquiries: [enquiry(21)], total: 21, nextCursor: null }
          : { enquiries: first, total: 21, nextCursor: first[19]!.id },
      "metrics.cta": () => ({ totals: [], days: [] }),
    });
    signInAs("AGENT");
    renderApp("/enquiries");
    await screen.findByRole("article", { name: "Ann Lee 1" });
    expect(screen.getByText("No clicks yet.")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Show more enquiries (20 of 21 shown)" }));
    expect(await screen.findByRole("article", { name: "Ann Lee 21" })).toBeTruthy();
    expect(api.callsTo("contact.enquiryPage").at(-1)!.input).toMatchObject({ limit: 20, cursor: first[19]!.id });
    expect(screen.getAllByRole("article")).toHaveLength(21);
    expect(screen.queryByRole("button", { name: /Show more enquiries/ })).toBeNull();
  });
});
