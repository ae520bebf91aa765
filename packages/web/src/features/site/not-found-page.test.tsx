import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";

describe("not-found page", () => {
  it.each(["/no-such-page", "/services/unknown", "/client/tickets/1/extra"])("is shown for %s", async (path) => {
    renderApp(path);

    expect(await screen.findByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByText("Did you forget to add the page to the router?")).toBeTruthy();
  });

  it("sits inside the site's header and footer, with the way home and to the client portal", async () => {
    renderApp("/no-such-page");
    const main = await screen.findByRole("main");
    expect(within(main).getByRole("heading", { name: "404 Page Not Found" })).toBeTruthy();
    expect(screen.getByRole("banner")).toBeTruthy();
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(within(main).getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(within(main).getByRole("link", { name: "Client Portal" }).getAttribute("href")).toBe("/client-auth");
  });

  it("is not shown for a known page", async () => {
    renderApp("/pricing");
    await screen.findByRole("heading", { level: 1, name: "Pricing" });

    expect(screen.queryByText("404 Page Not Found")).toBeNull();
  });
});
