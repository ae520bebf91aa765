import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { signInAs } from "../test/sessions";
import { renderApp } from "../test/render-app";

describe("document titles", () => {
  it.each([
    ["/about", "About | Northwind IT"],
    ["/submit-ticket", "Submit a Support Ticket | Northwind IT"],
    ["/services/cloud-migration-lite", "Cloud Migration Lite | Northwind IT"],
    ["/client-auth", "Client Login | Northwind IT"],
  ])("names %s", async (path, title) => {
    renderApp(path);
    await screen.findAllByRole("heading", { level: 1 });

    await waitFor(() => expect(document.title).toBe(title));
  });

  it("names a staff ticket by its reference", async () => {
    signInAs("ADMIN");
    renderApp("/tickets/0190f3a2-aaaa-bbbb-cccc-1234abcd5678");
    await screen.findByRole("heading", { name: "Ticket #abcd5678" });

    await waitFor(() => expect(document.title).toBe("Ticket #abcd5678 | Northwind IT"));
  });
});
