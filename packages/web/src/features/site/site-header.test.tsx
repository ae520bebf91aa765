import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { PHONE_WIDTH, setViewportWidth } from "../../test/viewport";

function hrefOf(container: HTMLElement, name: string) {
  return within(container).getByRole("link", { name }).getAttribute("href");
}

describe("shared header", () => {
  it("links Home, About, Get a Quote, Contact and the Client Portal to their routes on a desktop", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });

    expect(hrefOf(nav, "Home")).toBe("/");
    expect(hrefOf(nav, "About")).toBe("/about");
    expect(hrefOf(nav, "Get a Quote")).toBe("/contact");
    expect(hrefOf(nav, "Contact")).toBe("/contact");
    expect(hrefOf(nav, "Client Portal")).toBe("/client-auth");
  });

  it("lists the six services in the Services dropdown", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });

    fireEvent.click(within(nav).getByRole("button", { name: /Services/ }));
    const items = await screen.findAllByRole("menuitem");

    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual([
      ["Email Deliverability", "/services/email-deliverability"],
      ["Identity & Device Fast Start", "/services/intune-fast-start"],
      ["Cloud Migration Lite", "/services/cloud-migration-lite"],
      ["Security Hardening Sprint", "/services/security-hardening-sprint"],
      ["Device Management", "/device-management"],
      ["Email & Collaboration", "/email-collaboration"],
    ]);
  });

  it("hides the desktop links behind a burger on a phone", async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp("/");

    expect(await screen.findByRole("button", { name: "Open menu" })).toBeTruthy();
    expect(screen.queryByRole("navigation", { name: "Main" })).toBeNull();
  });

  it("repeats every header link in the mobile menu", async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp("/");
    fireEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("navigation", { name: "Mobile" });

    const links = within(drawer)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(links).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Get a Quote", "/contact"],
      ["Email Deliverability", "/services/email-deliverability"],
      ["Identity & Device Fast Start", "/services/intune-fast-start"],
      ["Cloud Migration Lite", "/services/cloud-migration-lite"],
      ["Security Hardening Sprint", "/services/security-hardening-sprint"],
      ["Device Management", "/device-management"],
      ["Email & Collaboration", "/email-collaboration"],
      ["Contact", "/contact"],
      ["Client Portal", "/client-auth"],
    ]);
  });

  it("closes the mobile menu when a link is followed", async () => {
    setViewportWidth(PHONE_WIDTH);
    const { router } = renderApp("/");
    fireEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("navigation", { name: "Mobile" });

    fireEvent.click(within(drawer).getByRole("link", { name: "About" }));

    await screen.findByRole("heading", { level: 1, name: "About Northwind IT" });
    expect(router.state.location.pathname).toBe("/about");
    await waitFor(() => expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull());
  });
});
