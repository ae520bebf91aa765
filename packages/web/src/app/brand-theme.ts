// The provider's brand colour (the Website screen, docs/features.md §20) as the theme's primary colour: ten
// shades around it, the chosen colour itself at the shade the light scheme fills with. Whatever the colour,
// accessible-colors.ts then picks the shades that meet WCAG AA for text and filled surfaces, so a light
// brand colour gets dark text on its buttons and darker links, never an unreadable page.
import { darken, lighten, type MantineColorsTuple, type MantineThemeOverride, toRgba } from "@mantine/core";
import { DEFAULT_BRAND_COLOUR } from "@repo/content";

/** How far each shade lies towards white (0-6) or black (8, 9) from the colour at 7. */
const TOWARDS_WHITE = [0.92, 0.84, 0.7, 0.56, 0.42, 0.28, 0.14];
const TOWARDS_BLACK = [0.14, 0.28];

function hex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((value) => Math.round(value).toString(16).padStart(2, "0")).join("")}`;
}

export function brandPalette(colour: string): MantineColorsTuple {
  return [
    ...TOWARDS_WHITE.map((amount) => hex(lighten(colour, amount))),
    colour,
    ...TOWARDS_BLACK.map((amount) => hex(darken(colour, amount))),
  ] as unknown as MantineColorsTuple;
}

/** `theme` with the brand colour as its primary ("blue"), or `theme` itself for the built-in colour. */
export function withBrand<T extends MantineThemeOverride>(theme: T, colour: string | undefined): T {
  if (!colour || colour === DEFAULT_BRAND_COLOUR) return theme;
  return { ...theme, colors: { ...theme.colors, [theme.primaryColor ?? "blue"]: brandPalette(colour) } };
}
