import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app";
import { PHONE_WIDTH, setViewportWidth } from "../../test/viewport";

describe("service page pattern", () => {
  it("keeps one FAQ answer open at a time and closes the open one on a second click", async () => {
    renderApp("/services/cloud-migration-lite");
    await screen.findByRole("heading", { level: 1, name: "Cloud Migration Lite" });
    const questions = screen.getAllByRole("button", { expanded: false }).filter((b) => b.textContent?.endsWith("?"));
    expect(questions).toHaveLength(5);
    const expanded = () => questions.map((q) => q.getAttribute("aria-expanded"));

    fireEvent.click(questions[0]!);
    await waitFor(() => expect(expanded()).toEqual(["true", "false", "false", "false", "false"]));
    fireEvent.click(questions[2]!);
    await waitFor(() => expect(expanded()).toEqual(["false", "false", "true", "false", "false"]));
    fireEvent.click(questions[2]!);
    await waitFor(() => expect(expanded()).toEqual(["false", "false", "false", "false", "false"]));
  });

  it("links every Get a quote to /contact?service={slug}, the fixed bar included on a phone", async () => {
    setViewportWidth(PHONE_WIDTH);
    renderApp("/device-management");
    await screen.findByRole("heading", { level: 1, name: "Device Management" });
    const quotes = screen.getAllByRole("link", { name: "Get a quote" });
    expect(quotes).toHaveLength(3);
    for (const link of quotes) expect(link.getAttribute("href")).toBe("/contact?service=device-management");
    expect(within(screen.getByTestId("mobile-quote-bar")).getByRole("link", { name: "Get a quote" })).toBeTruthy();
  });
});
