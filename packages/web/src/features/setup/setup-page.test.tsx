import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FakeApiError, setupFakeApi } from "../../test/fake-api";
import { renderApp } from "../../test/render-app";

const api = setupFakeApi();
const TOKEN = "k2Vq3tXoN0f8zC1hQ6pYw4bR9sL7mJ5dA2gE8uI0oP1";

/** The field whose label starts with `label` (a required one ends in " *"). */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe("first-run setup (/setup)", () => {
  it("takes the token from the fragment, creates the admin and leads to the staff sign-in", async () => {
    api.on({
      "setup.check": () => ({ success: true }),
      "setup.complete": () => ({ email: "rosa@maple.example" }),
    });
    const { router } = renderApp(`/setup#token=${TOKEN}`);
    await waitFor(() => expect(router.state.location.href).toBe("/setup"));
    await screen.findByLabelText("Your company's name", { exact: false });
    type("Your company's name", "Maple Street IT");
    type("Name", "Rosa Lind");
    type("Email", "rosa@maple.example");
    type("New password", "violet harbour lantern 42");
    type("Confirm new password", "violet harbour lantern 42");
    type("SMTP server", "smtp://mailer:secret@mail.maple.example:587");
    fireEvent.click(screen.getByRole("button", { name: "Finish setup" }));

    expect(await screen.findByText("Setup is complete")).toBeTruthy();
    expect(api.callsTo("setup.complete")[0]!.input).toEqual({
      token: TOKEN,
      providerName: "Maple Street IT",
      admin: { name: "Rosa Lind", email: "rosa@maple.example", password: "violet harbour lantern 42" },
      mail: { smtpUrl: "smtp://mailer:secret@mail.maple.example:587", fromAddress: "" },
    });
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/admin");
  });

  it("keeps what was typed and shows the rule when a field is wrong", async () => {
    api.on({ "setup.check": () => ({ success: true }) });
    renderApp(`/setup#token=${TOKEN}`);
    await screen.findByLabelText("Your company's name", { exact: false });
    type("SMTP server", "http://mail.example");
    fireEvent.click(screen.getByRole("button", { name: "Finish setup" }));
    expect(await screen.findByText("The SMTP address must start with smtp:// or smtps://")).toBeTruthy();
    expect(await screen.findByText("Your company's name is required")).toBeTruthy();
    expect((field("SMTP server") as HTMLInputElement).value).toBe("http://mail.example");
    expect(api.callsTo("setup.complete")).toEqual([]);
  });

  it("says the link is not valid once it expired or was used", async () => {
    api.on({
      "setup.check": () => {
        throw new FakeApiError("NOT_FOUND", "This setup link is not valid: it has expired or was already used");
      },
    });
    renderApp(`/setup#token=${TOKEN}`);
    expect(await screen.findByText("This setup link is not valid")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Finish setup" })).toBeNull();
  });
});
