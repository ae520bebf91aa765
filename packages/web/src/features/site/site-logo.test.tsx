import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LOGO_FALLBACK_SRC, LOGO_SRC, SiteLogo } from "./site-logo";

describe("site logo", () => {
  it("uses the hosted copy when the logo file fails to load", () => {
    render(
      <MantineProvider>
        <SiteLogo />
      </MantineProvider>,
    );
    const logo = screen.getByRole("img", { name: "Northwind IT logo" });
    expect(logo.getAttribute("src")).toBe(LOGO_SRC);

    fireEvent.error(logo);

    const fallback = screen.getByRole("img", { name: "Northwind IT logo" });
    expect(fallback.getAttribute("src")).toBe(LOGO_FALLBACK_SRC);
    expect(LOGO_FALLBACK_SRC).not.toBe(LOGO_SRC);
  });
});
