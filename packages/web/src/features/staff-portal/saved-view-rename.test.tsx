import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError } from "../../test/fake-api";
import { MENU_FOCUS_TRAP, quietExpected } from "../../test/quiet-console";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

const view = (name: string, version: number) => ({
  id: "0190f3a2-0000-7000-8000-00000000c001",
  name,
  shared: false,
  filters: { status: "NEW" as const },
  owner: { id: "u1", name: "Alex Morgan" },
  mine: true,
  createdAt: "2026-11-20T16:00:00.000Z",
  updatedAt: "2026-11-20T16:00:00.000Z",
  version,
});

describe("renaming a saved view that was renamed elsewhere meanwhile", () => {
  it("keeps the typed name, says what the name is now, and saves on the newer version", async () => {
    quietExpected(MENU_FOCUS_TRAP);
    answerDefaults();
    let current = view("New tickets", 1);
    let updates = 0;
    api.on({
      "views.list": () => ({ views: [current] }),
      "views.counts": () => ({ mine: 0, unassigned: 0, "at-risk": 0, overdue: 0, waiting: 0, open: 0 }),
      "views.update": (input) => {
        updates += 1;
        if (updates === 1) {
          current = view("Fresh tickets", 2);
          throw new FakeApiError("CONFLICT", "This view was changed elsewhere", { current });
        }
        return { ...current, ...(input as object), version: 3 };
      },
    });
    signInAs("ADMIN");
    renderApp("/dashboard");
    fireEvent.click(await screen.findByRole("button", { name: "Options for New tickets" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Rename view" }));
    const name = dialog.getByRole("textbox", { name: "Name" }) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "Untouched new tickets" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));

    expect(await dialog.findByText('Renamed elsewhere meanwhile to "Fresh tickets"')).toBeTruthy();
    expect(name.value).toBe("Untouched new tickets");
    fireEvent.click(dialog.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(api.callsTo("views.update")).toHaveLength(2));
    expect(api.callsTo("views.update").map((c) => c.input)).toEqual([
      { id: current.id, name: "Untouched new tickets", version: 1 },
      { id: current.id, name: "Untouched new tickets", version: 2 },
    ]);
  });
});
