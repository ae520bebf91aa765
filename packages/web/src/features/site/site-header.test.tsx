import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MAIN_NAV_LINKS, MOBILE_MENU_LINKS, SERVICE_MENU_LINKS } from "../../test/header-links";
import { renderApp } from "../../test/render-app";
import { PHONE_WIDTH, setViewportWidth } from "../../test/viewport";

function hrefOf(container: HTMLElement, name: string) {
  return within(container).getByRole("link", { name }).getAttribute("href");
}

describe("shared header", () => {
  it("links Home, About, Get a Quote, Contact and the Client Portal to their routes on a desktop", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });

    for (const [name, href] of MAIN_NAV_LINKS) expect(hrefOf(nav, name), name).toBe(href);
  });

  it("lists the six services in the Services dropdown", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });

    fireEvent.click(within(nav).getByRole("button", { name: /Services/ }));
    const items = await screen.findAllByRole("menuitem");

    expect(items.map((item) => [item.textContent, item.getAttribute("href")])).toEqual(SERVICE_MENU_LINKS);
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
    expect(links).toEqual(MOBILE_MENU_LINKS);
  });

  it("closes the mobile menu when a link is followed, and on Escape with focus back on the burger", async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp("/");
    // The links are plain page loads (the marketing pages are separate documents): keep happy-dom here.
    const stayHere = (event: Event) => event.preventDefault();
    document.addEventListener("click", stayHere);
    try {
      const burger = await screen.findByRole("button", { name: "Open menu" });
      fireEvent.click(burger);
      const menu = await screen.findByRole("navigation", { name: "Mobile" });
      fireEvent.click(within(menu).getByRole("link", { name: "About" }));
      await waitFor(() => expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull());
      expect(burger.getAttribute("aria-expanded")).toBe("false");

      fireEvent.click(burger);
      await screen.findByRole("navigation", { name: "Mobile" });
      fireEvent.keyDown(document, { key: "Escape" });
      await waitFor(() => expect(screen.queryByRole("navigation", { name: "Mobile" })).toBeNull());
      expect(document.activeElement).toBe(burger);
    } finally {
      document.removeEventListener("click", stayHere);
    }
  });

  it("works the Services menu from the keyboard: arrows move, Escape closes and returns focus", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const button = within(nav).getByRole("button", { name: /Services/ });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");

    fireEvent.keyDown(button, { key: "ArrowDown" });
    const items = await screen.findAllByRole("menuitem");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(items[0]));

    const menu = screen.getByRole("menu", { name: "Services" });
    fireEvent.keyDown(menu, { key: "ArrowUp" });
    expect(document.activeElement).toBe(items[5]);
    fireEvent.keyDown(menu, { key: "ArrowDown" });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(menu, { key: "End" });
    expect(document.activeElement).toBe(items[5]);

    fireEvent.keyDown(menu, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes the Services menu on a click elsewhere", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    fireEvent.click(within(nav).getByRole("button", { name: /Services/ }));
    await screen.findByRole("menu", { name: "Services" });

    fireEvent.pointerDown(document.body);
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });

  it("opens the Services menu when a mouse rests on it, and a click then keeps it open", async () => {
    renderApp("/");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    const button = within(nav).getByRole("button", { name: /Services/ });

    fireEvent.pointerEnter(button, { pointerType: "mouse" });
    await screen.findByRole("menu", { name: "Services" });
    fireEvent.click(button, { detail: 1 });
    expect(screen.getByRole("menu", { name: "Services" })).toBeTruthy();

    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
  });
});
