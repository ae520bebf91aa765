import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError, failsWith } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const reply = (id: string, title: string, shared: boolean, canEdit: boolean) => ({
  id,
  title,
  body: `Hi {{requester.firstName}}, ${title.toLowerCase()}.`,
  shared,
  authorId: "u1",
  authorName: "Sam Patel",
  canEdit,
  createdAt: "2026-03-02T14:00:00.000Z",
  updatedAt: "2026-03-02T14:00:00.000Z",
});

describe("/canned-replies", () => {
  it("lists the replies, private and shared, with Edit and Delete only where allowed", async () => {
    answerDefaults();
    api.on({
      "cannedReplies.list": () => [reply("r1", "Mine", false, true), reply("r2", "Team's", true, false)],
    });
    signInAs("AGENT");
    renderApp("/canned-replies");
    const mine = await screen.findByRole("article", { name: "Mine" });
    expect(within(mine).getByText("Private")).toBeTruthy();
    expect(within(mine).getByRole("button", { name: "Edit Mine" })).toBeTruthy();
    const team = screen.getByRole("article", { name: "Team's" });
    expect(within(team).getByText("Shared")).toBeTruthy();
    expect(within(team).queryByRole("button")).toBeNull();
  });

  it("says so when there are none, and when they cannot be loaded", async () => {
    answerDefaults();
    signInAs("AGENT");
    const { unmount } = renderApp("/canned-replies");
    expect(await screen.findByText("No canned replies yet. Add the first one.")).toBeTruthy();
    unmount();
    api.on({ "cannedReplies.list": failsWith("INTERNAL_SERVER_ERROR", "Internal server error") });
    renderApp("/canned-replies");
    expect(await screen.findByText("Failed to fetch canned replies")).toBeTruthy();
  });

  it("checks an unknown placeholder before saving, then saves a shared reply", async () => {
    answerDefaults();
    api.on({ "cannedReplies.create": (input) => reply("r3", (input as { title: string }).title, true, true) });
    signInAs("AGENT");
    renderApp("/canned-replies");
    fireEvent.click(await screen.findByRole("button", { name: "New Reply" }));
    const dialog = await screen.findByRole("dialog", { name: "New Canned Reply" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Title" }), { target: { value: "Toner" } });
    const body = within(dialog).getByRole("textbox", { name: "Reply text" });
    fireEvent.change(body, { target: { value: "Hi {{agent.email}}" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Reply" }));
    expect(
      await within(dialog).findByText(
        "Unknown placeholder {{agent.email}}. Use {{requester.firstName}}, {{ticket.reference}}, {{agent.name}}",
      ),
    ).toBeTruthy();
    expect(api.callsTo("cannedReplies.create")).toHaveLength(0);

    fireEvent.change(body, { target: { value: "Hi {{agent.name}}" } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Share with all staff" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Reply" }));
    await api.expectSaved("Canned reply saved", "cannedReplies.create", {
      title: "Toner",
      body: "Hi {{agent.name}}",
      shared: true,
    });
  });

  it("keeps the person's edit aside when someone else saved the reply meanwhile, to re-apply", async () => {
    answerDefaults();
    const mine = { ...reply("r1", "Mine", false, true), version: 2 };
    const theirs = { ...mine, body: "Hello {{requester.firstName}}, theirs.", version: 3 };
    let updates = 0;
    api.on({
      "cannedReplies.list": () => [mine],
      "cannedReplies.update": (input) => {
        updates += 1;
        if (updates === 1)
          throw new FakeApiError("CONFLICT", "This canned reply was changed elsewhere", { current: theirs });
        return { ...theirs, ...(input as object), version: 4 };
      },
    });
    signInAs("AGENT");
    renderApp("/canned-replies");
    fireEvent.click(await screen.findByRole("button", { name: "Edit Mine" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Canned Reply" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Title" }), { target: { value: "Mine, renamed" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));

    // Their text shows, my title waits in the notice, and Save waits for a choice.
    expect(
      await within(dialog).findByText("Someone else saved this canned reply while you were editing it."),
    ).toBeTruthy();
    expect(within(dialog).getByText("Title: Mine, renamed")).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: "Reply text" }) as HTMLTextAreaElement).value).toBe(
      theirs.body,
    );
    expect((within(dialog).getByRole("textbox", { name: "Title" }) as HTMLInputElement).value).toBe("Mine");
    expect((within(dialog).getByRole("button", { name: "Save Changes" }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole("button", { name: "Re-apply my changes" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save Changes" }));
    await api.expectSaved("Canned reply updated", "cannedReplies.update", {
      id: "r1",
      title: "Mine, renamed",
      version: 2,
    });
    // The first call was based on version 2; the second on theirs, and carries only my title.
    expect(api.callsTo("cannedReplies.update").map((c) => c.input)).toEqual([
      { id: "r1", title: "Mine, renamed", version: 2 },
      { id: "r1", title: "Mine, renamed", version: 3 },
    ]);
  });
});
