import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { signInAs } from "../../test/sessions";
import { setupStaffTest } from "../../test/staff-test";

const { api, answerDefaults } = setupStaffTest();

describe("the security policy on /users", () => {
  it("shows the policy and saves a change", async () => {
    answerDefaults();
    let policy = "off";
    api.on({
      "settings.security": () => ({ secondFactorRequired: policy }),
      "settings.updateSecurity": (input: { secondFactorRequired: string }) => {
        policy = input.secondFactorRequired;
        return input;
      },
    });
    signInAs("ADMIN");
    renderApp("/users");

    const select = await screen.findByRole("combobox", { name: "Two-factor sign-in" });
    await waitFor(() => expect((select as HTMLInputElement).value).toBe("Not required (anyone may turn it on)"));
    const save = screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole("option", { name: "Required for staff", hidden: true }));
    fireEvent.click(save);
    expect(await screen.findByText("Security policy saved")).toBeTruthy();
    expect(api.callsTo("settings.updateSecurity")[0]!.input).toEqual({ secondFactorRequired: "staff" });
  });
});
