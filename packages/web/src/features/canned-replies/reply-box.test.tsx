import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MENU_FOCUS_TRAP, quietExpected } from "../../test/quiet-console";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { staffTicket } from "../../test/staff-fixtures";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const reply = (id: string, title: string, body: string) => ({
  id,
  title,
  body,
  shared: true,
  authorId: "u1",
  authorName: "Sam Patel",
  canEdit: false,
  createdAt: "2026-03-02T14:00:00.000Z",
  updatedAt: "2026-03-02T14:00:00.000Z",
});

const REPLIES = [
  reply("r1", "Resolved: please confirm", "Hi {{requester.firstName}}, we believe {{ticket.reference}} is fixed."),
  reply("r2", "Remote session", "When suits you for a remote session?"),
];

/** The agent Alex Morgan on a ticket of Dana Whitfield's, at the reply box. */
async function openReplyBox() {
  answerDefaults();
  const ticket = staffTicket({ requesterName: "Dana Whitfield" });
  api.on({ "tickets.get": () => ticket, "cannedReplies.list": () => REPLIES });
  signInAs("AGENT", "Alex Morgan");
  renderApp(`/tickets/${ticket.id}`);
  return { box: (await screen.findByRole("textbox", { name: "Reply to the client" })) as HTMLTextAreaElement, ticket };
}

/** Types `text` as the whole content, the caret at its end. */
function typeInto(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}

describe("the reply box's canned replies", () => {
  it('lists the replies matching a "/" word, and Enter inserts the active one filled in for the ticket', async () => {
    const { box, ticket } = await openReplyBox();
    typeInto(box, "Thanks. /reso");

    const list = within(await screen.findByRole("listbox", { name: "Canned replies", hidden: true }));
    await waitFor(() => expect(list.getAllByRole("option", { hidden: true })).toHaveLength(1));
    fireEvent.keyDown(box, { key: "Enter" });

    await waitFor(() => expect(box.value).toBe(`Thanks. Hi Dana, we believe Ticket #${ticket.id.slice(-8)} is fixed.`));
  });

  it("moves with the arrows and closes on Escape, leaving the text as typed", async () => {
    const { box } = await openReplyBox();
    typeInto(box, "/");
    const list = within(await screen.findByRole("listbox", { name: "Canned replies", hidden: true }));
    await waitFor(() => expect(list.getAllByRole("option", { hidden: true })).toHaveLength(2));

    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(list.getByRole("option", { name: /Remote session/, hidden: true }).getAttribute("aria-selected")).toBe(
      "true",
    );
    fireEvent.keyDown(box, { key: "Escape" });
    await waitFor(() => expect(box.getAttribute("aria-controls")).toBeNull());
    expect(box.value).toBe("/");
  });

  it("inserts from the menu beside the box", async () => {
    quietExpected(MENU_FOCUS_TRAP);
    const { box } = await openReplyBox();
    fireEvent.click(screen.getByRole("button", { name: "Canned replies" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Remote session", hidden: true }));

    await waitFor(() => expect(box.value).toBe("When suits you for a remote session?"));
  });
});
