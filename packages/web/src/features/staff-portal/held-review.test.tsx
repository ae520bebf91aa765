// The ticket page's "Held for review" notice (docs/decisions/0027-held-intake.md): its reason, Accept and
// Reject for ADMIN and AGENT.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { staffTicket } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const HELD = staffTicket({ held: true, heldReason: "Mail from client@birch.test is not signed by birch.test" });

function openHeld(role: "ADMIN" | "AGENT") {
  answerDefaults();
  api.on({
    "tickets.get": () => HELD,
    "tickets.accept": () => ({ ...HELD, held: false, heldReason: null }),
    "tickets.reject": () => ({ success: true, id: HELD.id }),
  });
  signInAs(role);
  return renderApp(`/tickets/${HELD.id}`);
}

describe("a ticket held for review", () => {
  it("shows why it is held, and an agent accepts it", async () => {
    openHeld("AGENT");
    expect(await screen.findByText("Held for review")).toBeTruthy();
    expect(screen.getByText(HELD.heldReason!)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(api.callsTo("tickets.accept")).toEqual([expect.objectContaining({ input: { id: HELD.id } })]),
    );
    expect(await screen.findByText("Ticket accepted")).toBeTruthy();
  });

  it("an admin rejects it", async () => {
    openHeld("ADMIN");
    fireEvent.click(await screen.findByRole("button", { name: "Reject and delete" }));
    await waitFor(() => expect(api.callsTo("tickets.reject")).toHaveLength(1));
    expect(await screen.findByText("Ticket rejected")).toBeTruthy();
  });
});
