import {
  type CSSVariablesResolver,
  darken,
  getPrimaryShade,
  isLightColor,
  luminance,
  type MantineColorsTuple,
  type MantineTheme,
  toRgba,
} from "@mantine/core";

/**
 * The contrast every text colour must reach (WCAG 2.2 SC 1.4.3 asks 4.5:1 for normal text), with a
 * margin, so that axe's rounding and a browser's colour blending never land a colour just below it.
 */
export const TEXT_CONTRAST = 4.6;

/** The contrast ratio of two colours (WCAG's relative luminance formula, which Mantine's `luminance` is). */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

function hex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The lightest of `palette`'s shades from `from` on that reads on `background`; past the palette's
 * darkest shade, that shade darkened in 5% steps (Mantine's yellow, lime and green are never dark enough).
 */
export function readableShade(palette: MantineColorsTuple, background: string, from = 7): string {
  for (let shade = from; shade < 9; shade++) {
    if (contrastRatio(palette[shade]!, background) >= TEXT_CONTRAST) return palette[shade]!;
  }
  return readableOn(palette[9], background);
}

/**
 * `color` itself when it reads on `background`, else `color` darkened in 5% steps until it does: what the
 * theme makes of a colour (the provider's brand colour, shown so in the Website screen's swatch).
 */
export function readableOn(color: string, background: string): string {
  if (contrastRatio(color, background) >= TEXT_CONTRAST) return color;
  for (let amount = 0.05; amount < 1; amount += 0.05) {
    const darker = hex(darken(color, amount));
    if (contrastRatio(darker, background) >= TEXT_CONTRAST) return darker;
  }
  return "#000000";
}

/**
 * A filled surface (a button, a filled badge) and its text: Mantine's `autoContrast` (theme.ts) writes black
 * on a light colour and white on a dark one; a dark colour too light for white text gets a darker shade.
 */
export function filledColors(theme: MantineTheme, palette: MantineColorsTuple): { background: string; text: string } {
  const base = palette[getPrimaryShade(theme, "light")]!;
  if (isLightColor(base, theme.luminanceThreshold)) return { background: base, text: theme.black };
  return { background: readableShade(palette, theme.white, getPrimaryShade(theme, "light")), text: theme.white };
}

/**
 * Mantine's light-scheme colours fail WCAG AA contrast in many places (grey "dimmed" text at
 * 3.3:1, white on blue 4.2:1, green light badges 3.8:1, orange text 3:1). This resolver replaces them,
 * for every colour of the theme, with the nearest shade that passes: text on the page's light greys,
 * the text of light badges on their tint, and filled surfaces under their text. Computed, not listed, so
 * a colour added to the theme is covered too. The portals and the prerendered marketing pages both get
 * these variables from <MantineProvider> (app-providers.tsx).
 */
/** The CSS variable of a brand-coloured surface under white text. */
export const BRAND_SURFACE = "--site-brand-surface";

export const accessibleColors: CSSVariablesResolver = (theme) => {
  // The lightest background text sits on: gray.1 (table stripes, the staff portal's gray.0 page).
  const page = theme.colors.gray[1];
  const light: Record<string, string> = {
    "--mantine-color-dimmed": readableShade(theme.colors.gray, page, 6),
    "--mantine-color-anchor": readableShade(theme.colors[theme.primaryColor]!, page),
    "--mantine-color-error": readableShade(theme.colors.red, page),
    "--mantine-color-placeholder": readableShade(theme.colors.gray, theme.white, 6),
    // A surface in the brand colour that white and the palette's lightest tint read on (the service pages'
    // closing call to action): shade 8, or darker when the provider's brand colour is light.
    [BRAND_SURFACE]: readableShade(theme.colors[theme.primaryColor]!, theme.colors[theme.primaryColor]![0], 8),
  };
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (name === "dark") continue;
    const text = readableShade(palette, page);
    const filled = filledColors(theme, palette);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableShade(palette, palette[1]);
    light[`--mantine-color-${name}-filled`] = filled.background;
    light[`--mantine-color-${name}-filled-hover`] = hex(
      filled.text === theme.white
        ? darken(filled.background, 0.1)
        : palette[Math.max(0, getPrimaryShade(theme, "light") - 1)]!,
    );
  }
  return { variables: {}, light, dark: {} };
};
