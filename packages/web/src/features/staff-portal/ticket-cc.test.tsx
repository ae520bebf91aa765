// The ticket page's CC card (docs/decisions/0032-ticket-cc.md): staff see who is copied and how, add and
// remove addresses and flip "Copy CC on public replies"; a refused address shows the rule's message
// without a call.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { TicketCcList } from "@repo/validators";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { staffTicket } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();
const TICKET = staffTicket();
const TOM = { id: "cc1", email: "tom@acme.test", addedVia: "mail" as const, addedAt: "2026-11-20T15:00:00.000Z" };
const SAM = { id: "cc2", email: "sam@acme.test", addedVia: "staff" as const, addedAt: "2026-11-20T16:00:00.000Z" };

function openTicket(role: "ADMIN" | "AGENT" | "VIEWER", list: TicketCcList) {
  answerDefaults();
  let current = list;
  api.on({
    "tickets.get": () => TICKET,
    "tickets.cc": () => current,
    "tickets.addCc": (input: { email: string }) => {
      current = {
        ...current,
        addresses: [...current.addresses, { ...SAM, email: input.email.toLowerCase() }],
      };
      return current;
    },
    "tickets.removeCc": (input: { ccId: string }) => {
      current = { ...current, addresses: current.addresses.filter((a) => a.id !== input.ccId) };
      return current;
    },
    "tickets.setCcCopy": (input: { copyOnReplies: boolean }) => {
      current = { ...current, copyOnReplies: input.copyOnReplies };
      return current;
    },
  });
  signInAs(role);
  return renderApp(`/tickets/${TICKET.id}`);
}

const card = async () => within(await screen.findByRole("region", { name: "CC" }));

describe("the CC card on the staff ticket page", () => {
  it("lists the copied addresses with how they came, and the switch as the server says", async () => {
    openTicket("AGENT", { copyOnReplies: false, addresses: [TOM] });
    const cc = await card();
    expect(await cc.findByText("tom@acme.test")).toBeTruthy();
    expect(cc.getByText("(from mail)")).toBeTruthy();
    expect((cc.getByRole("switch", { name: "Copy CC on public replies" }) as HTMLInputElement).checked).toBe(false);
  });

  it("adds an address: refused by the form's rule first, then sent and listed", async () => {
    openTicket("AGENT", { copyOnReplies: true, addresses: [TOM] });
    const cc = await card();
    const input = await cc.findByLabelText("Add an address");
    fireEvent.change(input, { target: { value: "not an address" } });
    fireEvent.click(cc.getByRole("button", { name: "Add" }));
    expect(await cc.findByText("Please enter a valid email address")).toBeTruthy();
    expect(api.callsTo("tickets.addCc")).toEqual([]);

    fireEvent.change(input, { target: { value: "Sam@Acme.test" } });
    fireEvent.click(cc.getByRole("button", { name: "Add" }));
    await waitFor(() =>
      expect(api.callsTo("tickets.addCc")).toEqual([
        expect.objectContaining({ input: { id: TICKET.id, email: "Sam@Acme.test" } }),
      ]),
    );
    expect(await cc.findByText("sam@acme.test")).toBeTruthy();
    expect(await screen.findByText("CC added")).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe("");
  });

  it("shows the server's refusal of an address", async () => {
    openTicket("ADMIN", { copyOnReplies: true, addresses: [] });
    api.on({
      "tickets.addCc": () => {
        throw new FakeApiError("BAD_REQUEST", "support@northwind.test is one of our own addresses");
      },
    });
    const cc = await card();
    fireEvent.change(await cc.findByLabelText("Add an address"), { target: { value: "support@northwind.test" } });
    fireEvent.click(cc.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("support@northwind.test is one of our own addresses")).toBeTruthy();
  });

  it("removes an address and turns copying off", async () => {
    openTicket("ADMIN", { copyOnReplies: true, addresses: [TOM, SAM] });
    const cc = await card();
    fireEvent.click(await cc.findByRole("button", { name: "Remove tom@acme.test" }));
    await waitFor(() =>
      expect(api.callsTo("tickets.removeCc")).toEqual([
        expect.objectContaining({ input: { id: TICKET.id, ccId: "cc1" } }),
      ]),
    );
    await waitFor(() => expect(cc.queryByText("tom@acme.test")).toBeNull());

    fireEvent.click(cc.getByRole("switch", { name: "Copy CC on public replies" }));
    await waitFor(() =>
      expect(api.callsTo("tickets.setCcCopy")).toEqual([
        expect.objectContaining({ input: { id: TICKET.id, copyOnReplies: false } }),
      ]),
    );
    await waitFor(() =>
      expect((cc.getByRole("switch", { name: "Copy CC on public replies" }) as HTMLInputElement).checked).toBe(false),
    );
  });

  it("the reply box says who a public reply copies; an internal note and copying off say nothing", async () => {
    openTicket("AGENT", { copyOnReplies: true, addresses: [TOM, SAM] });
    const copies = "Also sent as CC to tom@acme.test, sam@acme.test";
    expect(await screen.findByText(copies)).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "Internal note" }));
    await waitFor(() => expect(screen.queryByText(copies)).toBeNull());
    fireEvent.click(screen.getByRole("radio", { name: "Public reply" }));
    expect(await screen.findByText(copies)).toBeTruthy();

    fireEvent.click((await card()).getByRole("switch", { name: "Copy CC on public replies" }));
    await waitFor(() => expect(screen.queryByText(copies)).toBeNull());
  });
});
