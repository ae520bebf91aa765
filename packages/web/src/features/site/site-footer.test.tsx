import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";

function linksOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("shared footer", () => {
  it("lists the four services and the company links, Contact carrying ref=footer", async () => {
    renderApp("/about");

    expect(linksOf(await screen.findByRole("navigation", { name: "Services" }))).toEqual([
      ["Device Management", "/device-management"],
      ["Email & Collaboration", "/email-collaboration"],
      ["App & Cloud Setup", "/app-cloud"],
      ["Security", "/security"],
    ]);
    expect(linksOf(screen.getByRole("navigation", { name: "Company" }))).toEqual([
      ["About", "/about"],
      ["Pricing", "/pricing"],
      ["Contact", "/contact?ref=footer"],
    ]);
  });

  it("shows the tagline, two placeholder social links and the copyright line", async () => {
    renderApp("/");
    const footer = await screen.findByRole("contentinfo");

    expect(within(footer).getByText("Modern IT solutions. No headaches. Just results.")).toBeTruthy();
    expect(within(footer).getByRole("link", { name: "LinkedIn" }).getAttribute("href")).toBe("#");
    expect(within(footer).getByRole("link", { name: "X" }).getAttribute("href")).toBe("#");
    expect(within(footer).getByText("© 2025 Northwind IT. All rights reserved.")).toBeTruthy();
  });

  it("is not shown outside the marketing pages", async () => {
    renderApp("/client-auth");
    await screen.findByRole("heading", { name: "Client Login" });

    expect(screen.queryByRole("contentinfo")).toBeNull();
  });
});
