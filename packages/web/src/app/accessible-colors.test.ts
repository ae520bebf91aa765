import { DEFAULT_THEME, mergeMantineTheme } from "@mantine/core";
import { describe, expect, it } from "vitest";
import { accessibleColors, contrastRatio, filledColors, readableOn, readableShade } from "./accessible-colors";
import { theme as themeOverride } from "./theme";

const theme = mergeMantineTheme(DEFAULT_THEME, themeOverride);
const light: Record<string, string> = accessibleColors(theme).light;
const AA = 4.5;

/** A variable's value, with `var(--mantine-color-x-n)` read from the palette. */
function colorOf(name: string): string {
  const value = light[name];
  if (!value) throw new Error(`no ${name}`);
  const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(value);
  return shade ? theme.colors[shade[1]!]![Number(shade[2])]! : value;
}

describe("accessible colours (WCAG 2.2 AA)", () => {
  it("computes WCAG contrast: black on white is 21:1, Mantine's dimmed grey on white 3.3:1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 1);
    expect(contrastRatio(theme.colors.gray[6], theme.white)).toBeCloseTo(3.32, 1);
  });

  it("makes dimmed text, links and error messages read at AA on the light greys", () => {
    for (const name of ["--mantine-color-dimmed", "--mantine-color-anchor", "--mantine-color-error"])
      expect(contrastRatio(colorOf(name), theme.colors.gray[1]), name).toBeGreaterThanOrEqual(AA);
  });

  it("gives every theme colour text, light-badge and filled colours that pass AA", () => {
    for (const [name, palette] of Object.entries(theme.colors)) {
      if (name === "dark") continue;
      expect(contrastRatio(colorOf(`--mantine-color-${name}-text`), theme.colors.gray[1]), name).toBeGreaterThanOrEqual(
        AA,
      );
      expect(contrastRatio(colorOf(`--mantine-color-${name}-light-color`), palette[1]), name).toBeGreaterThanOrEqual(
        AA,
      );
      const filled = filledColors(theme, palette);
      expect(colorOf(`--mantine-color-${name}-filled`)).toBe(filled.background);
      expect(contrastRatio(filled.text, filled.background), name).toBeGreaterThanOrEqual(AA);
    }
  });

  it("keeps a palette shade when one passes and darkens past the palette when none does", () => {
    expect(readableShade(theme.colors.blue, theme.white)).toBe(theme.colors.blue[8]);
    const yellow = readableShade(theme.colors.yellow, theme.white);
    expect(theme.colors.yellow).not.toContain(yellow);
    expect(contrastRatio(yellow, theme.white)).toBeGreaterThanOrEqual(AA);
  });
});

describe("a brand colour on white", () => {
  it("is kept when white text on it reads, and darkened until it does otherwise", () => {
    expect(readableOn("#1971c2", "#ffffff")).toBe("#1971c2");
    const yellow = readableOn("#fab005", "#ffffff");
    expect(yellow).not.toBe("#fab005");
    expect(contrastRatio(yellow, "#ffffff")).toBeGreaterThanOrEqual(AA);
  });
});
