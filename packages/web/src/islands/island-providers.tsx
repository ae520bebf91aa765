import { MantineContext, MantineThemeProvider, type MantineThemeOverride } from "@mantine/core";
import type { ReactNode } from "react";
import { siteTheme } from "../app/site-theme";

// What <MantineProvider> puts in context, fixed for the marketing pages: light colours (the page's <html>
// says so, scripts/prerender.mjs), Mantine's class names. Not <MantineProvider> itself: it also brings the
// code that writes the CSS variables and manages the colour scheme, which the prerendered page has already
// done once, and that is an eighth of an island page's own JavaScript.
const SITE_CONTEXT = {
  colorScheme: "light",
  setColorScheme: () => {},
  clearColorScheme: () => {},
  getRootElement: () => document.documentElement,
  classNamesPrefix: "mantine",
  cssVariablesSelector: ":root",
  withStaticClasses: true,
} as const;

/**
 * What an island has around it, in the prerender and in the browser alike: Mantine's context and theme,
 * `theme` when the page is in the provider's brand colour (app/brand-theme.ts).
 */
export function IslandProviders({
  children,
  theme = siteTheme,
}: {
  children: ReactNode;
  theme?: MantineThemeOverride;
}) {
  return (
    <MantineContext value={SITE_CONTEXT}>
      <MantineThemeProvider theme={theme}>{children}</MantineThemeProvider>
    </MantineContext>
  );
}
