import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";

describe("not-found page", () => {
  it.each(["/no-such-page", "/services/unknown", "/client/tickets/1/extra"])("is shown for %s", async (path) => {
    renderApp(path);

    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
  });

  it("is not shown for a known page", async () => {
    renderApp("/pricing");
    await screen.findByRole("heading", { level: 1, name: "Pricing" });

    expect(screen.queryByText("404 Page Not Found")).toBeNull();
  });
});
